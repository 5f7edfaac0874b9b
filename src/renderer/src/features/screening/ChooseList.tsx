// Screening's first step: a spreadsheet or a text file chosen or dropped, or a list pasted.
import { useId, useState, type DragEvent } from 'react'
import {
  IDENTIFIER_TYPE_LABELS,
  IDENTIFIER_TYPES,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import { useScreeningStore } from './screening-store'

/** The file chosen or dropped: a spreadsheet to preview, or a text file as a pasted list. */
function useTakeFile() {
  const s = useScreeningStore()
  return async (file: File) => {
    if (/\.txt$/i.test(file.name)) return s.paste(await file.text(), null)
    await s.choose(file.name, new Uint8Array(await file.arrayBuffer()))
  }
}

export function ChooseList() {
  const id = useId()
  const s = useScreeningStore()
  const take = useTakeFile()
  const [over, setOver] = useState(false)
  const [text, setText] = useState('')
  const [type, setType] = useState<IdentifierType | ''>('')
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    const file = event.dataTransfer.files[0]
    if (file && !s.busy) void take(file)
  }
  return (
    <>
      <div
        className={`screening-drop${over ? ' over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="screening-drop"
      >
        <p>
          Drop a CSV or XLSX file here (a customer base, a list of beneficiaries, another
          system&rsquo;s export), or
        </p>
        <input
          id={`${id}-file`}
          type="file"
          className="file-input"
          accept=".csv,.xlsx,.txt"
          disabled={s.busy}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void take(file)
          }}
        />
        <label htmlFor={`${id}-file`} className="button-like">
          Choose a file to screen
        </label>
      </div>
      <details className="screening-paste">
        <summary>Or paste a list</summary>
        <div className="field">
          <label htmlFor={`${id}-text`}>One value a line</label>
          <textarea
            id={`${id}-text`}
            rows={5}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="filters">
          <div className="field">
            <label htmlFor={`${id}-type`}>What every line is</label>
            <select
              id={`${id}-type`}
              value={type}
              onChange={(event) => setType(event.target.value as IdentifierType | '')}
            >
              <option value="">Found from each value</option>
              {IDENTIFIER_TYPES.filter((t) => t !== 'account').map((t) => (
                <option key={t} value={t}>
                  {IDENTIFIER_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="screening-use-list"
            disabled={!text.trim()}
            onClick={() => s.paste(text, type || null)}
          >
            Use this list
          </button>
        </div>
      </details>
    </>
  )
}

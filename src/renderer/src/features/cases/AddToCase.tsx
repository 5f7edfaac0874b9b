import { useEffect, useId, useRef, useState } from 'react'
import type { CaseAddSource } from '../../../../shared/contracts/cases'
import { SaidLine } from '../../components/SaidLine'
import { useCasesStore, type ReportAbout, type Said } from './cases-store'
import './cases.css'

const NEW = 'new'

/**
 * "Add to a case…": a report, a search (run again now, its answer kept as the registry gives it)
 * or a watch alert put at the end of a case the person picks, or of a new one they name. The
 * choice opens in place, the keyboard in it; Escape or Cancel puts it away and the keyboard back
 * on the button.
 */
export function AddToCase({
  source,
  what,
  label = 'Add to a case…',
  context,
  onAdded,
  about,
}: {
  source: CaseAddSource
  /** A report's fraud type and identifiers as its details show them, to name it in the case. */
  about?: ReportAbout
  /** The item in words, for what is said once added ("the Money mule report"). */
  what: string
  label?: string
  /** What the button is about, for screen readers where several carry the same words. */
  context?: string
  /** Told once added, with the case's title. */
  onAdded?: (caseTitle: string) => void
}) {
  const id = useId()
  const cases = useCasesStore((s) => s.cases)
  const add = useCasesStore((s) => s.add)
  const [open, setOpen] = useState(false)
  const [picked, setPicked] = useState<string | null>(null)
  const [title, setTitle] = useState('')
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<Said | null>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const pickRef = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    if (open) pickRef.current?.focus()
  }, [open])
  // The newest case first, unless the person picked another; a new one when there is none.
  const choice = picked ?? cases?.[0]?.id ?? NEW
  const close = () => {
    setOpen(false)
    requestAnimationFrame(() => buttonRef.current?.focus())
  }
  const submit = async () => {
    setBusy(true)
    const answer = await add(choice === NEW ? { title } : { caseId: choice }, source, what, about)
    setBusy(false)
    setSaid(answer)
    if (answer.ok) {
      setTitle('')
      setPicked(null)
      close()
      if (answer.caseTitle !== undefined) onAdded?.(answer.caseTitle)
    }
  }
  return (
    <div className="add-to-case">
      <div className="actions">
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={open ? `${id}-form` : undefined}
          onClick={() => {
            if (open) return close()
            setSaid(null)
            setOpen(true)
            void useCasesStore.getState().load()
          }}
        >
          {label}
          {context && <span className="visually-hidden"> ({context})</span>}
        </button>
      </div>
      {open && (
        <form
          id={`${id}-form`}
          className="add-to-case-form"
          aria-labelledby={`${id}-h`}
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation()
              close()
            }
          }}
        >
          <p id={`${id}-h`} className="add-to-case-h">
            Add {what} to a case
          </p>
          <div className="filters">
            <div className="field">
              <label htmlFor={`${id}-case`}>Case</label>
              <select
                ref={pickRef}
                id={`${id}-case`}
                value={choice}
                onChange={(event) => setPicked(event.target.value)}
              >
                {(cases ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title} ({c.items} item{c.items === 1 ? '' : 's'})
                  </option>
                ))}
                <option value={NEW}>A new case…</option>
              </select>
            </div>
            {choice === NEW && (
              <div className="field grow">
                <label htmlFor={`${id}-title`}>Title of the new case</label>
                <input
                  id={`${id}-title`}
                  value={title}
                  aria-describedby={`${id}-said`}
                  onChange={(event) => setTitle(event.target.value)}
                />
              </div>
            )}
          </div>
          <div className="actions">
            <button type="submit" className="primary" disabled={busy}>
              {busy ? 'Adding…' : 'Add'}
            </button>
            <button type="button" className="quiet" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <SaidLine id={`${id}-said`} said={said} />
    </div>
  )
}

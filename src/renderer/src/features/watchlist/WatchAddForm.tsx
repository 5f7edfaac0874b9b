import { useId, useState } from 'react'
import { SaidLine } from '../../components/SaidLine'
import {
  IDENTIFIER_TYPE_LABELS,
  IDENTIFIER_TYPES,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import { useWatchlistStore } from './watchlist-store'
import { WatchAboutFields, type WatchAbout } from './WatchAboutFields'
import { DEFAULT_WATCH_PERIOD_MS } from '../../../../shared/domain/watch-period'

/** Watch one identifier typed by hand: its type, value, owner, how often, and a note. */
export function WatchAddForm() {
  const id = useId()
  const add = useWatchlistStore((s) => s.add)
  const [type, setType] = useState<IdentifierType>('phone')
  const [value, setValue] = useState('')
  const [about, setAbout] = useState<WatchAbout>({
    periodMs: DEFAULT_WATCH_PERIOD_MS,
    owner: '',
    note: '',
  })
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)
  const submit = async () => {
    if (!value.trim()) return setSaid({ ok: false, text: 'Enter the value to watch.' })
    setBusy(true)
    const answer = await add(type, value, about)
    setBusy(false)
    setSaid(answer)
    // What was typed stays when the core refused it, to be corrected rather than retyped.
    if (answer.ok) {
      setValue('')
      setAbout((kept) => ({ ...kept, note: '' }))
    }
  }
  return (
    <form
      className="watch-add"
      aria-labelledby={`${id}-h`}
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h3 id={`${id}-h`}>Watch an identifier</h3>
      <div className="filters">
        <div className="field">
          <label htmlFor={`${id}-type`}>Type</label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(event) => setType(event.target.value as IdentifierType)}
          >
            {IDENTIFIER_TYPES.map((t) => (
              <option key={t} value={t}>
                {IDENTIFIER_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field watch-value">
          <label htmlFor={`${id}-value`}>Value to watch</label>
          <input
            id={`${id}-value`}
            value={value}
            aria-invalid={said && !said.ok ? true : undefined}
            aria-describedby={`${id}-said`}
            onChange={(event) => setValue(event.target.value)}
            placeholder={
              type === 'account' ? 'Account number and bank, e.g. 0123456789 gtbank' : ''
            }
          />
        </div>
        <WatchAboutFields id={id} about={about} onChange={setAbout} optional />
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            Watch
          </button>
        </div>
      </div>
      <SaidLine id={`${id}-said`} said={said} />
    </form>
  )
}

import { useEffect, useId, useState } from 'react'
import type { SearchPaceView } from '../../../../shared/contracts/search'
import { api } from '../../api'

/**
 * Settings → Searches a second: the organization's ceiling on the searches this computer's
 * screening (at the registry's pace) and watchlist make together, the same value as
 * `casefile config set --max-rate N` (kept in the data folder).
 */
export function SearchPacePanel() {
  const id = useId()
  const [view, setView] = useState<SearchPaceView | null>(null)
  const [text, setText] = useState('')
  const [note, setNote] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void api()
      .searchPace()
      .then((r) => {
        if (!live || !r.ok) return
        setView(r.value)
        setText(String(r.value.maxRate))
      })
    return () => {
      live = false
    }
  }, [])

  if (!view) return null
  const value = Number(text)
  const valid = text.trim() !== '' && Number.isFinite(value) && value >= 1 && value <= 1000
  const save = async (maxRate: number | null) => {
    const r = await api().searchSetMaxRate({ maxRate })
    if (r.ok) {
      setView(r.value)
      setText(String(r.value.maxRate))
      setNote(`At most ${r.value.maxRate} searches a second from now on.`)
    } else setNote(r.error.message)
  }
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Searches a second</h2>
      <p className="muted">
        Screening at the registry’s pace speeds up while the registry answers promptly and slows
        down when it says too many requests. It never goes above this ceiling, which the watchlist’s
        checks share. {view.defaultMaxRate} a second unless your organization sets another (now{' '}
        {view.rate} a second).
      </p>
      <div className="field">
        <label htmlFor={`${id}-max`}>Most searches a second</label>
        <input
          id={`${id}-max`}
          type="number"
          min={1}
          max={1000}
          step="any"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {!valid && (
        <p className="field-error">The most searches a second is a number from 1 to 1000.</p>
      )}
      <div className="actions">
        <button type="button" disabled={!valid} onClick={() => void save(value)}>
          Save the ceiling
        </button>
        {view.maxRateSet && (
          <button type="button" className="quiet" onClick={() => void save(null)}>
            Back to {view.defaultMaxRate} a second
          </button>
        )}
      </div>
      {note && <p role="status">{note}</p>}
    </section>
  )
}

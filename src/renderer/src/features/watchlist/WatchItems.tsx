import { useEffect, useId, useMemo, useRef, useState } from 'react'
import {
  displayIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import { describeWatchPeriod } from '../../../../shared/domain/watch-period'
import { ConfirmButton } from '../../components/ConfirmButton'
import { SpacerBody, useWindowedRows } from '../../components/windowed-rows'
import { formatRelative, formatTime } from '../../format'
import { useBankName } from '../../stores/banks-store'
import { useWatchlistStore, type WatchItem } from './watchlist-store'
import { WatchAboutFields, type WatchAbout } from './WatchAboutFields'

export const typeWords = (type: string) => IDENTIFIER_TYPE_LABELS[type as IdentifierType] ?? type

/** "not yet", "3 hours ago". */
const lastChecked = (item: WatchItem) =>
  item.lastCheckedAt ? formatRelative(item.lastCheckedAt) : 'not yet'
/** "in 23 hours", or "due now" for an item whose time has come. */
const nextCheck = (item: WatchItem) =>
  new Date(item.nextCheckAt).getTime() <= Date.now() ? 'due now' : formatRelative(item.nextCheckAt)

/** An item's owner, note and period, changed in place; Escape or Cancel leaves it as it was. */
function EditRow({ item, what, onDone }: { item: WatchItem; what: string; onDone: () => void }) {
  const id = useId()
  const edit = useWatchlistStore((s) => s.edit)
  const [about, setAbout] = useState<WatchAbout>({
    periodMs: item.periodMs,
    owner: item.owner ?? '',
    note: item.note ?? '',
  })
  const [problem, setProblem] = useState<string | null>(null)
  const first = useRef<HTMLInputElement>(null)
  useEffect(() => first.current?.focus(), [])
  return (
    <tr className="watch-edit-row">
      <td colSpan={6}>
        <form
          aria-label={`Change ${what}`}
          onSubmit={(event) => {
            event.preventDefault()
            void edit(item.id, about).then((refused) => {
              setProblem(refused)
              if (!refused) onDone()
            })
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone()
          }}
        >
          <div className="filters">
            <WatchAboutFields id={id} about={about} onChange={setAbout} ownerRef={first} />
            <div className="actions">
              <button type="submit" className="primary">
                Save<span className="visually-hidden"> ({what})</span>
              </button>
              <button type="button" onClick={onDone}>
                Cancel
              </button>
            </div>
          </div>
          {problem && (
            <p className="error-text" role="alert">
              {problem}
            </p>
          )}
        </form>
      </td>
    </tr>
  )
}

/** The watched identifiers: who looks after each, how often and when it is checked. */
export function WatchItems() {
  const items = useWatchlistStore((s) => s.items)
  const remove = useWatchlistStore((s) => s.remove)
  const checkNow = useWatchlistStore((s) => s.checkNow)
  const checkNote = useWatchlistStore((s) => s.checkNote)
  const bankName = useBankName()
  const [editing, setEditing] = useState<number | null>(null)
  // Closing the edit row (saved, cancelled, Escape) gives the keyboard back to its Edit button.
  const closed = useRef<number | null>(null)
  useEffect(() => {
    if (editing !== null || closed.current === null) return
    document.getElementById(`watch-edit-${closed.current}`)?.focus()
    closed.current = null
  }, [editing])
  const close = (id: number) => {
    closed.current = id
    setEditing(null)
  }
  // A watchlist of thousands (a customer list imported) is drawn where it can be seen.
  const keys = useMemo(() => items.map((item) => item.id), [items])
  const { setScroller, ...rows } = useWindowedRows({ keys, estimate: 72 })
  if (items.length === 0)
    return <p className="muted">Nothing is watched yet: add an identifier above.</p>

  return (
    <>
      <div className="watch-check-now">
        <button type="button" onClick={() => void checkNow(null, 'every item')}>
          Check all now
        </button>
        <p className="muted" role="status" aria-live="polite" data-testid="watch-check-note">
          {checkNote ?? ''}
        </p>
      </div>
      <div ref={setScroller} className="rows-box" onScroll={rows.onScroll}>
        <table className="table watch-items" aria-label="Watched identifiers">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Value</th>
              <th scope="col">Owner</th>
              <th scope="col">Checked</th>
              <th scope="col">Next check</th>
              <th scope="col">
                <span className="visually-hidden">Change or remove</span>
              </th>
            </tr>
          </thead>
          {rows.before > 0 && <SpacerBody height={rows.before} />}
          {items.slice(rows.start, rows.end).map((item) => {
            const shown = displayIdentifierValue(item.type, item.value, bankName)
            const what = `${typeWords(item.type)} ${shown}`
            return (
              // Each item is a body of its own, so its edit form below it is measured with it.
              <tbody key={item.id} ref={rows.measure(item.id)}>
                <tr>
                  <td>{typeWords(item.type)}</td>
                  <td className="watch-wrap">
                    {shown}
                    {item.note && <div className="muted">{item.note}</div>}
                  </td>
                  <td className="watch-wrap">{item.owner ?? <span className="muted">—</span>}</td>
                  <td title={item.lastCheckedAt ? formatTime(item.lastCheckedAt) : undefined}>
                    {describeWatchPeriod(item.periodMs)}
                    <div className="muted">last: {lastChecked(item)}</div>
                  </td>
                  <td title={formatTime(item.nextCheckAt)}>{nextCheck(item)}</td>
                  <td className="watch-row-actions">
                    <button type="button" onClick={() => void checkNow(item.id, what)}>
                      Check now<span className="visually-hidden"> ({what})</span>
                    </button>
                    <button
                      id={`watch-edit-${item.id}`}
                      type="button"
                      aria-expanded={editing === item.id}
                      onClick={() => (editing === item.id ? close(item.id) : setEditing(item.id))}
                    >
                      Edit<span className="visually-hidden"> ({what})</span>
                    </button>
                    <ConfirmButton
                      label="Remove"
                      context={what}
                      question="Stop watching it? Its alerts are kept."
                      confirmLabel="Stop watching"
                      onConfirm={() => void remove(item.id)}
                    />
                  </td>
                </tr>
                {editing === item.id && (
                  <EditRow item={item} what={what} onDone={() => close(item.id)} />
                )}
              </tbody>
            )
          })}
          {rows.after > 0 && <SpacerBody height={rows.after} />}
        </table>
      </div>
    </>
  )
}

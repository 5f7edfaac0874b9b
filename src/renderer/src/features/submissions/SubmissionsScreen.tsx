import { useCallback, useEffect, useRef, useState } from 'react'
import {
  FRAUD_TYPE_LABELS,
  FRAUD_TYPES,
  type FraudType,
} from '../../../../shared/domain/fraud-types'
import { displayIdentifierValue } from '../../../../shared/domain/identifiers'
import { listingLabel } from '../../components/ReportDetails'
import { useBankName } from '../../stores/banks-store'
import { fraudTypeLabel } from '../../report-title'
import { useOutboxStore } from '../outbox/outbox-store'
import { VirtualList } from './VirtualList'
import { formatDate } from '../../format'
import { selectOnline, useStatusStore } from '../../stores/status-store'
import { rowAt, useSubmissionsStore } from './submissions-store'
import '../../styles/lists.css'
import { SubmissionDetail } from './SubmissionDetail'

/** Two lines where the list is narrow (type and identifier, then the reason), one where it is wide. */
export const ROW_HEIGHT = 52

/** The organization's reports from the cache, refreshed when online; one windowed list for any size. */
export function SubmissionsScreen() {
  const s = useSubmissionsStore()
  const online = useStatusStore(selectOnline)
  const bankName = useBankName()
  useEffect(() => {
    const store = useSubmissionsStore.getState()
    void store.reload()
    if (online) void store.refresh()
    // The notes of unlistings sent from here are kept with the outbox's history.
    void useOutboxStore.getState().loadHistory()
    // What the outbox sends while the list is open shows in it (an unlisting, an update).
    return store.listen()
    // Refresh once on entry; the person can refresh again with the button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  // The identifier filter waits for typing to pause: one read of the saved copy, not one a key.
  const [identifier, setIdentifier] = useState(s.filters.identifier)
  const typed = useRef(identifier)
  useEffect(() => {
    typed.current = identifier
    if (identifier === useSubmissionsStore.getState().filters.identifier) return
    const timer = setTimeout(() => useSubmissionsStore.getState().setFilters({ identifier }), 250)
    return () => clearTimeout(timer)
  }, [identifier])
  // Leaving the screen before the pause: what was typed is still the filter when it comes back.
  useEffect(
    () => () => {
      if (typed.current !== useSubmissionsStore.getState().filters.identifier)
        useSubmissionsStore.getState().setFilters({ identifier: typed.current })
    },
    [],
  )
  const filtered = Boolean(
    s.filters.fraudType ||
    s.filters.listingStatus ||
    s.filters.from ||
    s.filters.to ||
    s.filters.identifier,
  )
  const ensureRange = useSubmissionsStore((state) => state.ensureRange)
  const onRange = useCallback(
    (start: number, end: number) => ensureRange(start, end),
    [ensureRange],
  )

  return (
    <div className="split">
      <section className="panel list-panel" aria-labelledby="subs-h">
        <header className="panel-head">
          <h2 id="subs-h">Submissions</h2>
          <button type="button" onClick={() => void s.refresh()} disabled={s.refreshing}>
            {s.refreshing ? 'Refreshing…' : 'Refresh from registry'}
          </button>
        </header>
        <div className="filters" role="group" aria-label="Filters">
          <div className="field identifier-filter">
            <label htmlFor="f-identifier">Identifier</label>
            <input
              id="f-identifier"
              type="search"
              placeholder="Account, phone, email, BVN…"
              value={identifier}
              onChange={(e) => setIdentifier(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="f-type">Fraud type</label>
            <select
              id="f-type"
              value={s.filters.fraudType}
              onChange={(e) => s.setFilters({ fraudType: e.target.value as FraudType | '' })}
            >
              <option value="">All types</option>
              {FRAUD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {FRAUD_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-listing">Listing</label>
            <select
              id="f-listing"
              value={s.filters.listingStatus}
              onChange={(e) => s.setFilters({ listingStatus: e.target.value })}
            >
              <option value="">Listed and unlisted</option>
              <option value="listed">Listed</option>
              <option value="unlisted">Unlisted</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-from">Filed from</label>
            <input
              id="f-from"
              type="date"
              value={s.filters.from}
              onChange={(e) => s.setFilters({ from: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="f-to">Filed to</label>
            <input
              id="f-to"
              type="date"
              value={s.filters.to}
              onChange={(e) => s.setFilters({ to: e.target.value })}
            />
          </div>
        </div>
        <p className="muted" role="status" aria-live="polite">
          {s.total === null
            ? 'Loading…'
            : `${s.total.toLocaleString()} report${s.total === 1 ? '' : 's'}`}
          {s.refreshNote ? ` · ${s.refreshNote}` : ''}
        </p>
        {s.error && <p className="callout error">{s.error}</p>}
        <div className="virtual-head" aria-hidden="true">
          <span className="cell-date">Filed</span>
          <span className="cell-type">Fraud type</span>
          <span className="cell-identifier">Identifier</span>
          <span className="cell-reason">Reason</span>
          <span className="cell-listing">Listing</span>
        </div>
        {s.total === 0 && (
          <p className="empty">
            {filtered
              ? 'No report matches these filters.'
              : 'No reports of your organization are saved on this computer yet. They appear here once the registry has been reached.'}
          </p>
        )}
        <VirtualList
          label="Submitted reports"
          className="submissions-list"
          count={s.total ?? 0}
          rowHeight={ROW_HEIGHT}
          onRange={onRange}
          renderRow={(index) => {
            const row = rowAt(s.pages, index)
            return (
              <div role="listitem" key={index} className="virtual-row">
                {row ? (
                  <button
                    type="button"
                    className={`row-button${s.selected === row.id ? ' selected' : ''}`}
                    aria-pressed={s.selected === row.id}
                    onClick={() => s.select(row.id)}
                  >
                    <span className="cell-date">{formatDate(row.createdAt)}</span>
                    <span className="cell-type ellipsis">{fraudTypeLabel(row.fraudType, '—')}</span>
                    <span className="cell-identifier ellipsis">
                      {row.identifiers?.[0]
                        ? displayIdentifierValue(
                            row.identifiers[0].label,
                            row.identifiers[0].value,
                            bankName,
                          )
                        : '—'}
                      {(row.identifiers?.length ?? 0) > 1 && (
                        <span className="muted"> +{(row.identifiers?.length ?? 1) - 1}</span>
                      )}
                    </span>
                    <span className="cell-reason ellipsis">{row.fraudReason}</span>
                    <span
                      className={`cell-listing badge listing-${row.listingStatus ?? 'unknown'}`}
                    >
                      {listingLabel(row.listingStatus)}
                    </span>
                  </button>
                ) : (
                  <span className="muted loading-row">Loading…</span>
                )}
              </div>
            )
          }}
        />
      </section>
      {s.selected ? (
        <SubmissionDetail key={s.selected} id={s.selected} />
      ) : (
        <aside className="panel detail">
          <p className="muted">Choose a report to see it in full, edit it or unlist it.</p>
        </aside>
      )}
    </div>
  )
}

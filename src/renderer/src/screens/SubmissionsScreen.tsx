import { useCallback, useEffect, useRef, useState } from 'react'
import type { ReportRecord } from '../../../shared/domain/responses'
import { FRAUD_TYPE_LABELS, FRAUD_TYPES, type FraudType } from '../../../shared/domain/fraud-types'
import { api } from '../api'
import { ConfirmButton } from '../components/ConfirmButton'
import { listingLabel, ReportDetails } from '../components/ReportDetails'
import { PlainMessage } from '../components/TechnicalDetails'
import { useOutboxStore } from '../stores/outbox-store'
import { VirtualList } from '../components/VirtualList'
import { formatDate } from '../format'
import { useEditorStore } from '../stores/editor-store'
import { useNavStore } from '../stores/nav-store'
import { selectOnline, useStatusStore } from '../stores/status-store'
import { rowAt, useSubmissionsStore } from '../stores/submissions-store'
import './lists.css'

export const ROW_HEIGHT = 44
const fraudLabel = (type: string | null | undefined) =>
  (type && FRAUD_TYPE_LABELS[type as FraudType]) || type || '—'

/** The organization's reports from the cache, refreshed when online; one windowed list for any size. */
export function SubmissionsScreen() {
  const s = useSubmissionsStore()
  const online = useStatusStore(selectOnline)
  useEffect(() => {
    const store = useSubmissionsStore.getState()
    void store.reload()
    if (online) void store.refresh()
    // Refresh once on entry; the person can refresh again with the button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
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
          <span>Filed</span>
          <span>Fraud type</span>
          <span>Reason</span>
          <span>Listing</span>
        </div>
        {s.total === 0 && (
          <p className="empty">
            {s.filters.fraudType || s.filters.listingStatus || s.filters.from || s.filters.to
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
                    <span>{formatDate(row.createdAt)}</span>
                    <span>{fraudLabel(row.fraudType)}</span>
                    <span className="ellipsis">{row.fraudReason}</span>
                    <span className={`badge listing-${row.listingStatus ?? 'unknown'}`}>
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

function SubmissionDetail({ id }: { id: string }) {
  const [decoded, setDecoded] = useState(false)
  const [state, setState] = useState<{
    record: ReportRecord | null
    note: string | null
    loading: boolean
  }>({
    record: null,
    note: null,
    loading: true,
  })
  const [refusal, setRefusal] = useState<string | null>(null)
  const refusalRef = useRef<HTMLParagraphElement>(null)
  // The panel follows the list: a refresh from the registry, or an action on this report finished.
  const generation = useSubmissionsStore((st) => st.generation)
  const operations = useOutboxStore((o) => o.operations)
  const [queuedHere, setQueuedHere] = useState(false)
  const inOutbox = operations.some(
    (op) =>
      op.registryId === id &&
      op.kind === 'unlist_report' &&
      op.state !== 'done' &&
      op.state !== 'cancelled',
  )
  // Once its unlisting is seen in the outbox, the panel keeps saying so until the registry's copy
  // says unlisted: the unlisting can be done before the call that queued it has answered (the
  // events come another way), and the panel offered Edit and Unlist again in between.
  if (inOutbox && !queuedHere) setQueuedHere(true)
  const [finishedHere, setFinishedHere] = useState(0)
  useEffect(
    () =>
      api().onOperationChanged((op) => {
        if (op.registryId !== id) return
        if (op.state === 'done') setFinishedHere((n) => n + 1)
        // Discarded from the Outbox: not queued any more.
        if (op.kind === 'unlist_report' && op.state === 'cancelled') setQueuedHere(false)
      }),
    [id],
  )
  useEffect(() => {
    let live = true
    void api()
      .submissionGet({ id, decoded })
      .then((result) => {
        if (!live) return
        if (result.ok)
          setState({ record: result.value.record, note: result.value.message, loading: false })
        else setState({ record: null, note: result.error.message, loading: false })
      })
    return () => {
      live = false
    }
  }, [id, decoded, generation, finishedHere])

  const refuse = (message: string) => {
    setRefusal(message)
    requestAnimationFrame(() => {
      refusalRef.current?.scrollIntoView({ block: 'nearest' })
      refusalRef.current?.focus()
    })
  }
  const unlist = async () => {
    const result = await api().reportUnlist({ localOrRegistryId: id })
    if (!result.ok) refuse(result.error.message)
    else if (!result.value.ok) refuse(result.value.message)
    else {
      setQueuedHere(true)
      await useOutboxStore.getState().load()
    }
  }
  // The editor needs the identifiers in full: the list and the plain fetch mask them.
  const edit = async () => {
    const full = await api().submissionGet({ id, decoded: true })
    if (!full.ok || !full.value.record) {
      refuse(
        `Report ${id} cannot be edited now: ${full.ok ? (full.value.message ?? 'the registry did not return it.') : full.error.message}`,
      )
      return
    }
    useEditorStore.getState().openUpdate(full.value.record)
    useNavStore.getState().go('editor')
  }
  const unlisted = state.record?.listingStatus === 'unlisted'
  // Queued until the registry's copy says unlisted (the panel re-reads it when the unlisting is done).
  const pendingUnlist = inOutbox || (queuedHere && !unlisted)

  return (
    <aside className="panel detail" aria-labelledby="detail-h">
      <header className="panel-head">
        <h2 id="detail-h">Report {id}</h2>
      </header>
      {refusal && (
        <p ref={refusalRef} tabIndex={-1} className="callout error" role="alert">
          <PlainMessage message={refusal} />
        </p>
      )}
      <div className="checkbox">
        <input
          id="decode"
          type="checkbox"
          checked={decoded}
          onChange={(e) => setDecoded(e.target.checked)}
        />
        <label htmlFor="decode">Show identifiers decoded (in full)</label>
      </div>
      {state.note && (
        <p className="callout warn">
          <PlainMessage message={state.note} />
        </p>
      )}
      {pendingUnlist && (
        <p className="callout ok" role="status">
          Unlisting is queued; it is sent with the next sync. Follow it in the Outbox.
        </p>
      )}
      {state.loading ? (
        <p className="muted">Loading…</p>
      ) : state.record ? (
        <>
          <ReportDetails record={state.record} />
          {unlisted ? (
            <p className="muted">
              This report is unlisted: other organizations no longer find it, and the registry takes
              no more changes to it.
            </p>
          ) : (
            !pendingUnlist && (
              <div className="actions">
                <button type="button" onClick={() => void edit()}>
                  Edit
                </button>
                <ConfirmButton
                  label="Unlist"
                  question="Unlist this report? Other organizations will no longer find it."
                  confirmLabel="Unlist report"
                  onConfirm={() => void unlist()}
                />
              </div>
            )
          )}
        </>
      ) : (
        <p className="muted">This report is not in the saved copy.</p>
      )}
    </aside>
  )
}

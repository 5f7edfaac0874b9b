import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { ReportRecord } from '../../../../shared/domain/responses'
import {
  FRAUD_TYPE_LABELS,
  FRAUD_TYPES,
  type FraudType,
} from '../../../../shared/domain/fraud-types'
import { displayIdentifierValue } from '../../../../shared/domain/identifiers'
import { api } from '../../api'
import { fileNewFrom } from '../../report-actions'
import { listingLabel, ReportDetails } from '../../components/ReportDetails'
import { useBankName } from '../../stores/banks-store'
import { fraudTypeLabel, reportTitle } from '../../report-title'
import { PlainMessage } from '../../components/TechnicalDetails'
import { useOutboxStore } from '../outbox/outbox-store'
import { VirtualList } from './VirtualList'
import { formatDate } from '../../format'
import { useEditorStore } from '../editor/editor-store'
import { useNavStore } from '../../stores/nav-store'
import { selectOnline, useStatusStore } from '../../stores/status-store'
import { rowAt, rowById, useSubmissionsStore } from './submissions-store'
import '../../styles/lists.css'

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

/**
 * The organization's own report, with its identifiers in full, as the list beside it shows them
 * (the saved copy holds them whole): the registry's decoded copy when it can be reached, the
 * saved copy when not. Masking one pane beside the other hid nothing from anyone.
 */
function SubmissionDetail({ id }: { id: string }) {
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
  const bankName = useBankName()
  // The list's row for this report (the saved copy, with identifiers in full): it names the
  // report in the heading, where the plain fetch masks them.
  const row = useSubmissionsStore((st) => rowById(st.pages, id))
  // The panel follows the list: a refresh from the registry, or an action on this report finished.
  const generation = useSubmissionsStore((st) => st.generation)
  // Only this report's unlisting is read from the outbox: the panel is not drawn again for each
  // of the thousands of other items a drain changes.
  const unlisting = useOutboxStore((o) =>
    o.operations.find(
      (op) =>
        op.registryId === id &&
        op.kind === 'unlist_report' &&
        op.state !== 'done' &&
        op.state !== 'cancelled',
    ),
  )
  const unlistedNote = useOutboxStore(
    (o) =>
      o.finished.find(
        (op) => op.registryId === id && op.kind === 'unlist_report' && op.state === 'done',
      )?.note,
  )
  const [queuedHere, setQueuedHere] = useState(false)
  const inOutbox = unlisting !== undefined
  // The note written when it was unlisted from here (kept with the outbox item, never sent).
  const unlistNote = unlisting?.note ?? unlistedNote ?? null
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
      .submissionGet({ id, decoded: true })
      .then((result) => {
        if (!live) return
        if (result.ok)
          setState({ record: result.value.record, note: result.value.message, loading: false })
        else setState({ record: null, note: result.error.message, loading: false })
        // What the registry said went into the saved copy: the list row reads it again, so the
        // row and this panel never disagree (Listed beside Unlisted).
        if (result.ok && result.value.source === 'online')
          void useSubmissionsStore.getState().reloadShown()
      })
    return () => {
      live = false
    }
  }, [id, generation, finishedHere])

  const refuse = (message: string) => {
    setRefusal(message)
    requestAnimationFrame(() => {
      refusalRef.current?.scrollIntoView({ block: 'nearest' })
      refusalRef.current?.focus()
    })
  }
  const unlist = async (note: string) => {
    const result = await api().reportUnlist({
      localOrRegistryId: id,
      ...(note.trim() ? { note: note.trim() } : {}),
    })
    if (!result.ok) refuse(result.error.message)
    else if (!result.value.ok) refuse(result.value.message)
    else {
      setQueuedHere(true)
      await useOutboxStore.getState().load()
    }
  }
  const title =
    (row ?? state.record) ? reportTitle((row ?? state.record) as ReportRecord, bankName) : 'Report'
  // The editor needs the identifiers in full: the list and the plain fetch mask them.
  const edit = async () => {
    const full = await api().submissionGet({ id, decoded: true })
    if (!full.ok || !full.value.record) {
      refuse(
        `This report cannot be edited now: ${full.ok ? (full.value.message ?? 'the registry did not return it.') : full.error.message}`,
      )
      return
    }
    useEditorStore
      .getState()
      .openUpdate(full.value.record, reportTitle(full.value.record, bankName))
    useNavStore.getState().go('editor')
  }
  const unlisted = state.record?.listingStatus === 'unlisted'
  // Queued until the registry's copy says unlisted (the panel re-reads it when the unlisting is done).
  const pendingUnlist = inOutbox || (queuedHere && !unlisted)

  return (
    <aside className="panel detail" aria-labelledby="detail-h">
      <header className="panel-head">
        <h2 id="detail-h">{title}</h2>
      </header>
      {refusal && (
        <p ref={refusalRef} tabIndex={-1} className="callout error" role="alert">
          <PlainMessage message={refusal} reportId={id} />
        </p>
      )}
      {state.note && (
        <p className="callout warn">
          <PlainMessage message={state.note} reportId={id} />
        </p>
      )}
      {pendingUnlist && (
        <p className="callout ok" role="status">
          Unlisting is queued; it is sent with the next sync. Follow it in the Outbox.
          {unlistNote && <span className="block">Your note: {unlistNote}</span>}
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
              {unlistNote && <span className="block">Your note: {unlistNote}</span>}
              <button
                type="button"
                className="block"
                onClick={() =>
                  void fileNewFrom(id, bankName).then((problem) => problem && refuse(problem))
                }
              >
                File a new report from this one
              </button>
            </p>
          ) : (
            !pendingUnlist && (
              <div className="actions">
                <button type="button" onClick={() => void edit()}>
                  Edit
                </button>
                <UnlistButton onUnlist={(note) => void unlist(note)} />
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

/**
 * Unlist, asked first in place: the registry's unlist takes no reason (registry-api.md 4.8, no
 * body), so the reason asked for is a note for this organization, kept with the outbox item on
 * this computer and said to be so. Escape or Keep cancels; focus goes back to Unlist.
 */
function UnlistButton({ onUnlist }: { onUnlist: (note: string) => void }) {
  const id = useId()
  const [asking, setAsking] = useState(false)
  const [note, setNote] = useState('')
  const noteRef = useRef<HTMLTextAreaElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)
  useEffect(() => {
    if (asking) noteRef.current?.focus()
    else if (wasAsking.current) triggerRef.current?.focus()
    wasAsking.current = asking
  }, [asking])
  if (!asking)
    return (
      <button ref={triggerRef} type="button" className="danger" onClick={() => setAsking(true)}>
        Unlist
      </button>
    )
  return (
    <div
      className="unlist-confirm"
      role="group"
      aria-labelledby={`${id}-q`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false)
      }}
    >
      <p id={`${id}-q`} className="confirm-question">
        Unlist this report? Other organizations will no longer find it.
      </p>
      <div className="field">
        <label htmlFor={`${id}-note`}>Why (optional, for your records)</label>
        <textarea
          id={`${id}-note`}
          ref={noteRef}
          rows={2}
          maxLength={500}
          value={note}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={`${id}-hint`} className="muted hint">
          The registry takes no reason for an unlisting: this note stays on this computer, with the
          item in the Outbox.
        </p>
      </div>
      <div className="actions">
        <button
          type="button"
          className="danger"
          onClick={() => {
            setAsking(false)
            onUnlist(note)
          }}
        >
          Unlist report
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Keep
        </button>
      </div>
    </div>
  )
}

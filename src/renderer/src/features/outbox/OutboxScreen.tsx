import { memo, useEffect, useMemo } from 'react'
import { refusedSaid } from '../../components/network-refusal-words'
import type { OperationView } from '../../../../shared/contracts/outbox'
import { ConfirmButton } from '../../components/ConfirmButton'
import { ConnectionNote } from '../../components/Connection'
import { OwnReportActions } from '../../components/OwnReportActions'
import { fileAsNewReport } from '../../report-actions'
import { PlainMessage } from '../../components/TechnicalDetails'
import { Time } from '../../components/Time'
import { formatBytes } from '../../format'
import { SpacerBody, useWindowedRows } from '../../components/windowed-rows'
import { useEditorStore } from '../editor/editor-store'
import { useNavStore } from '../../stores/nav-store'
import { useOutboxStore } from './outbox-store'
import '../../styles/lists.css'

const KIND_LABELS: Record<OperationView['kind'], string> = {
  upload_attachment: 'Upload attachment',
  create_report: 'Create report',
  update_report: 'Update report',
  unlist_report: 'Unlist report',
  bulk_upload: 'Bulk upload',
}
const STATE_LABELS: Record<OperationView['state'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  waiting_retry: 'Waiting to retry',
  needs_attention: 'Needs attention',
  done: 'Done',
  cancelled: 'Discarded',
}

/**
 * An update the registry will never take as it is: the report left the list, and the registry
 * says to file a new report instead (409). Retrying or editing it cannot help.
 */
function refusedForGood(op: OperationView): boolean {
  return (
    op.kind === 'update_report' &&
    op.state === 'needs_attention' &&
    (op.lastError?.status === 409 || /\bnew report\b/i.test(op.lastError?.message ?? ''))
  )
}

/** Every outbox item with its state, attempts and next try; actions for what needs a person. */
export function OutboxScreen() {
  const operations = useOutboxStore((o) => o.operations)
  const paused = useOutboxStore((o) => o.paused)
  const syncing = useOutboxStore((o) => o.syncing)
  const message = useOutboxStore((o) => o.message)
  const syncNow = useOutboxStore((o) => o.syncNow)
  useEffect(() => {
    // While drawn, pushed counts read the items again too (not only the counts).
    const hide = useOutboxStore.getState().show()
    void useOutboxStore.getState().load()
    void useOutboxStore.getState().loadHistory()
    return hide
  }, [])
  const attention = operations.filter((op) => op.state === 'needs_attention').length

  return (
    <section className="panel" aria-labelledby="outbox-h">
      <header className="panel-head">
        <h2 id="outbox-h">Outbox</h2>
        <button type="button" className="primary" onClick={() => void syncNow()} disabled={syncing}>
          {syncing ? 'Syncing…' : 'Sync now'}
        </button>
      </header>
      <ConnectionNote />
      {paused && (
        <p className="callout error">
          Sending is paused: <PlainMessage message={refusedSaid(paused)} />
        </p>
      )}
      {attention > 0 && (
        <p className="callout warn">
          {attention} item{attention === 1 ? ' needs' : 's need'} attention: read the registry’s
          message, then do what it asks: retry, edit and requeue, file as a new report, or discard.
        </p>
      )}
      <p className="muted" role="status" aria-live="polite">
        {message ?? ''}
      </p>
      {operations.length === 0 ? (
        <p className="empty">
          The outbox is empty. Queued reports, updates and unlistings appear here until they are
          sent.
        </p>
      ) : (
        <OperationsTable operations={operations} />
      )}
      <History />
    </section>
  )
}

/**
 * The items, drawn where they can be seen (windowed-rows.ts): a queue of thousands scrolls in
 * its own box, and a pushed change draws only the rows it changed (each row is memoized on its
 * item, which the store replaces only when that item changed).
 */
function OperationsTable({ operations }: { operations: OperationView[] }) {
  const progress = useOutboxStore((o) => o.progress)
  const keys = useMemo(() => operations.map((op) => op.id), [operations])
  const { setScroller, ...rows } = useWindowedRows({ keys, estimate: ROW_ESTIMATE })
  const drawn = operations.slice(rows.start, rows.end)
  return (
    <div
      ref={setScroller}
      className="rows-box"
      onScroll={rows.onScroll}
      tabIndex={0}
      aria-label={`Outbox items, ${operations.length}`}
      role="region"
    >
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Report</th>
            <th scope="col">Action</th>
            <th scope="col">State</th>
            <th scope="col">Attempts</th>
            <th scope="col">Next try</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        {rows.before > 0 && <SpacerBody height={rows.before} />}
        <tbody>
          {drawn.map((op) => (
            <OperationRow
              key={op.id}
              op={op}
              // Progress belongs to a send in flight; a late event after a failure is not shown.
              progress={op.state === 'sending' ? progress[op.id] : undefined}
              rowRef={rows.measure(op.id)}
            />
          ))}
        </tbody>
        {rows.after > 0 && <SpacerBody height={rows.after} />}
      </table>
    </div>
  )
}

/** A row's height before it is drawn: a title, one line of the registry's message, a button. */
const ROW_ESTIMATE = 64

function openOperation(operation: OperationView) {
  void useEditorStore.getState().openOperation(operation)
  useNavStore.getState().go('editor')
}

async function fileAsNew(op: OperationView) {
  const problem = await fileAsNewReport(op)
  if (problem) useOutboxStore.setState({ message: problem })
}

const OperationRow = memo(function OperationRow({
  op,
  progress: p,
  rowRef,
}: {
  op: OperationView
  progress: { loaded: number; total?: number } | undefined
  rowRef: (element: HTMLElement | null) => void
}) {
  const retry = useOutboxStore((o) => o.retry)
  const discard = useOutboxStore((o) => o.discard)
  return (
    <tr ref={rowRef} data-state={op.state}>
      <td>
        {op.reportTitle}
        {op.note && <span className="muted block">Your note: {op.note}</span>}
        {op.lastError && op.state !== 'done' && (
          <span className={`block ${op.state === 'needs_attention' ? 'error-text' : 'muted'}`}>
            <PlainMessage
              message={refusedSaid({
                message: op.lastError.message,
                refusal: op.lastError.networkRefusal,
                kind: op.lastError.kind,
              })}
              reportId={op.registryId}
            />
          </span>
        )}
        {op.registryId && (
          <OwnReportActions registryId={op.registryId} context={op.reportTitle} canUpdate={false} />
        )}
      </td>
      <td>{KIND_LABELS[op.kind]}</td>
      <td>
        <span className={`badge state-${op.state}`}>{STATE_LABELS[op.state]}</span>
        {p && (
          <span className="block">
            <progress
              max={p.total ?? undefined}
              value={p.total ? p.loaded : undefined}
              aria-label={`Upload progress of ${op.reportTitle}`}
            />
            <span className="muted">
              {' '}
              {formatBytes(p.loaded)}
              {p.total ? ` of ${formatBytes(p.total)}` : ''}
            </span>
          </span>
        )}
      </td>
      <td>{op.attempts}</td>
      <td>{op.state === 'waiting_retry' ? <Time value={op.nextAttemptAt} /> : '—'}</td>
      <td className="row-actions">
        <div>
          {(op.state === 'needs_attention' || op.state === 'waiting_retry') &&
            !refusedForGood(op) && (
              <button type="button" onClick={() => void retry(op.id)}>
                Retry
              </button>
            )}
          {refusedForGood(op) ? (
            <button type="button" className="primary" onClick={() => void fileAsNew(op)}>
              File as a new report
            </button>
          ) : (
            op.state === 'needs_attention' &&
            (op.kind === 'create_report' || op.kind === 'update_report') && (
              <button type="button" onClick={() => openOperation(op)}>
                Edit and requeue
              </button>
            )
          )}
          {op.state !== 'done' && op.state !== 'cancelled' && op.state !== 'sending' && (
            <ConfirmButton
              label="Discard"
              question="Discard this item? It will not be sent."
              confirmLabel="Discard item"
              context={`${KIND_LABELS[op.kind]}: ${op.reportTitle}`}
              onConfirm={() => void discard(op.id)}
            />
          )}
        </div>
      </td>
    </tr>
  )
})

/** What was sent or discarded, from the database (so it outlives the window), filtered by state and date. */
function History() {
  const finished = useOutboxStore((o) => o.finished)
  const filter = useOutboxStore((o) => o.historyFilter)
  const setHistoryFilter = useOutboxStore((o) => o.setHistoryFilter)
  const filtered = Boolean(filter.state || filter.from || filter.to)
  // Reports unlisted from here: the registry takes no more changes to them.
  const unlisted = new Set(
    finished
      .filter((op) => op.kind === 'unlist_report' && op.state === 'done')
      .map((op) => op.registryId),
  )
  return (
    <section aria-labelledby="history-h">
      <h3 id="history-h">History</h3>
      <div className="filters" role="group" aria-label="History filters">
        <div className="field">
          <label htmlFor="h-state">Show</label>
          <select
            id="h-state"
            value={filter.state}
            onChange={(e) =>
              setHistoryFilter({ state: e.target.value as '' | 'done' | 'cancelled' })
            }
          >
            <option value="">Sent and discarded</option>
            <option value="done">Sent</option>
            <option value="cancelled">Discarded</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="h-from">Finished from</label>
          <input
            id="h-from"
            type="date"
            value={filter.from}
            onChange={(e) => setHistoryFilter({ from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="h-to">Finished to</label>
          <input
            id="h-to"
            type="date"
            value={filter.to}
            onChange={(e) => setHistoryFilter({ to: e.target.value })}
          />
        </div>
      </div>
      {finished.length === 0 ? (
        <p className="muted">
          {filtered
            ? 'Nothing finished matches these filters.'
            : 'Nothing has been sent from this computer yet.'}
        </p>
      ) : (
        <ul className="plain finished" aria-label="Finished items">
          {finished.map((op) => (
            <li key={op.id} data-state={op.state}>
              <span className={`badge state-${op.state}`}>
                {op.state === 'done' ? 'Sent' : STATE_LABELS[op.state]}
              </span>{' '}
              {KIND_LABELS[op.kind]}: {op.reportTitle}
              <span className="muted">
                {' '}
                · <Time value={op.updatedAt} past />
              </span>
              {op.note && <span className="muted"> · Your note: {op.note}</span>}
              {op.registryId && (
                <OwnReportActions
                  registryId={op.registryId}
                  context={`${KIND_LABELS[op.kind]}: ${op.reportTitle}`}
                  canUpdate={op.kind !== 'unlist_report'}
                  unlisted={op.kind !== 'unlist_report' && unlisted.has(op.registryId)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

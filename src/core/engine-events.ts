import type { EventPayload } from '../shared/contracts'
import type { CoreContext } from './core-context'
import type { Operation } from './outbox/outbox'
import { findOperation, outboxCounts, pendingReportCount, toOperationViews } from './outbox/outbox'

export type CoreEventName =
  'onlineChanged' | 'outboxChanged' | 'syncFinished' | 'operationChanged' | 'uploadProgress'
/** How often, at most, the outbox's counts follow its operations' changes. */
export const COUNTS_EVERY_MS = 200
/**
 * How long an operation's changes gather before the window is told, the latest of each: a
 * create goes claimed, sending and done within a few ms, and each change pushed alone cost the
 * core's thread a view (its report read and its draft parsed) and a message to main. Under
 * bench:load's 2,000 creates that was hundreds of events a second, among the longest stretches
 * of the core's loop; the window draws them once a frame anyway.
 */
export const OPERATIONS_EVERY_MS = 50

export type EmitCoreEvent = <E extends CoreEventName>(event: E, payload: EventPayload<E>) => void

/**
 * The sync engine's events as the window's pushed events: each operation change (as the
 * outbox shows it), upload progress, the end of a run, the outbox counts that follow, and
 * whether the registry can be reached as each exchange with it found. The Electron shell and the web harness both
 * forward through this. Returns the unsubscribe.
 */
export function forwardEngineEvents(core: CoreContext, emit: EmitCoreEvent): () => void {
  // Every exchange with the registry (sync, search, refresh) says whether it can be reached.
  const offReach = core.reachability.onChange(({ state, reason, detail, refusal }) =>
    emit('onlineChanged', {
      online: state !== 'unreachable',
      state,
      reason,
      detail,
      ...(refusal ? { refusal } : {}),
    }),
  )
  // Counts only: listing every pending operation at each event made a drain of n reports cost n².
  const counts = () => {
    clearTimeout(countsTimer)
    countsTimer = undefined
    if (!core.db.open) return
    const outbox = outboxCounts(core)
    emit('outboxChanged', {
      pending: outbox.pending,
      needsAttention: outbox.counts.needs_attention,
      pendingReports: pendingReportCount(core.db),
    })
  }
  // And at most every COUNTS_EVERY_MS while operations change: counted after each one, a drain
  // of 50,000 reports counted 100,000 times; the end of a run is counted at once.
  let countsTimer: NodeJS.Timeout | undefined
  const countsSoon = () => {
    if (countsTimer) return
    countsTimer = setTimeout(counts, COUNTS_EVERY_MS)
    countsTimer.unref?.()
  }
  // Each operation changed since the last push, as its event had it.
  const changed = new Map<number, Operation>()
  let operationsTimer: NodeJS.Timeout | undefined
  const pushOperations = () => {
    clearTimeout(operationsTimer)
    operationsTimer = undefined
    const ops = [...changed.values()]
    changed.clear()
    if (!core.db.open || ops.length === 0) return
    // Read again as they are now: pushed later than it happened, an event's copy could be older
    // than an Outbox list the window read in between (it keeps the newer of the two it is sent).
    const now = ops.map((op) => findOperation(core, op.id) ?? op)
    for (const view of toOperationViews(core, now)) emit('operationChanged', view)
  }
  const offEngine = core.engine.on((event) => {
    if (!core.db.open) return
    if (event.type === 'operation') {
      changed.set(event.operation.id, event.operation)
      if (!operationsTimer) {
        operationsTimer = setTimeout(pushOperations, OPERATIONS_EVERY_MS)
        operationsTimer.unref?.()
      }
      countsSoon()
    } else if (event.type === 'upload-progress') {
      emit('uploadProgress', {
        operationId: event.operationId,
        loaded: event.loaded,
        ...(event.total !== undefined ? { total: event.total } : {}),
      })
    } else if (event.type === 'run-finished') {
      // The run's last changes before the end of the run.
      pushOperations()
      const { summary } = event
      emit('syncFinished', {
        sent: summary.reports + summary.adopted,
        needsAttention: outboxCounts(core).counts.needs_attention,
      })
      counts()
    }
  })
  return () => {
    clearTimeout(countsTimer)
    clearTimeout(operationsTimer)
    changed.clear()
    offReach()
    offEngine()
  }
}

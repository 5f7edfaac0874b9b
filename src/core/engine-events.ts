import type { EventPayload } from '../shared/contract'
import type { CasefileCore } from './casefile-core'
import { toOperationView } from './work-handlers'

export type CoreEventName =
  'onlineChanged' | 'outboxChanged' | 'syncFinished' | 'operationChanged' | 'uploadProgress'
export type EmitCoreEvent = <E extends CoreEventName>(event: E, payload: EventPayload<E>) => void

/**
 * The sync engine's events as the window's pushed events: each operation change (as the
 * outbox shows it), upload progress, the end of a run, the outbox counts that follow, and
 * whether the registry can be reached as each exchange with it found. The Electron shell and the web harness both
 * forward through this. Returns the unsubscribe.
 */
export function forwardEngineEvents(core: CasefileCore, emit: EmitCoreEvent): () => void {
  // Every exchange with the registry (sync, search, refresh) says whether it can be reached.
  const offReach = core.onReachability(({ state, reason, detail }) =>
    emit('onlineChanged', { online: state !== 'unreachable', state, reason, detail }),
  )
  // Counts only: listing every pending operation at each event made a drain of n reports cost n².
  const counts = () => {
    const outbox = core.outboxCounts()
    emit('outboxChanged', {
      pending: outbox.pending,
      needsAttention: outbox.counts.needs_attention,
    })
  }
  const offEngine = core.engine.on((event) => {
    if (!core.db.open) return
    if (event.type === 'operation') {
      emit('operationChanged', toOperationView(core, event.operation))
      counts()
    } else if (event.type === 'upload-progress') {
      emit('uploadProgress', {
        operationId: event.operationId,
        loaded: event.loaded,
        ...(event.total !== undefined ? { total: event.total } : {}),
      })
    } else if (event.type === 'run-finished') {
      const { summary } = event
      emit('syncFinished', {
        sent: summary.sent + summary.adopted,
        needsAttention: core.outboxCounts().counts.needs_attention,
      })
      counts()
    }
  })
  return () => {
    offReach()
    offEngine()
  }
}

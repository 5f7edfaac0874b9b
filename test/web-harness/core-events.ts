import type { CasefileCore } from '../../src/core/casefile-core'
import type { WorkHandlers } from '../../src/core/work-handlers'
import type { PushEvent } from '../../src/main/ipc/push-events'

/**
 * Forwards the sync engine's events to the page as the contract's pushed events: each operation
 * change (with the same view outboxList gives), upload progress, the end of a run, and the
 * outbox counts and online state that follow from them. Returns the unsubscribe.
 */
export function wireCoreEvents(
  core: CasefileCore,
  handlers: WorkHandlers,
  push: PushEvent,
): () => void {
  let online: boolean | null = null
  const counts = () => {
    const outbox = core.outbox()
    return { pending: outbox.pending, needsAttention: outbox.counts.needs_attention ?? 0 }
  }
  return core.engine.on((event) => {
    if (!core.db.open) return
    if (event.type === 'operation') {
      const id = event.operation.id
      void Promise.resolve(handlers.outboxList(undefined)).then((outbox) => {
        const view = outbox.operations.find((op) => op.id === id)
        if (!core.db.open) return
        if (view) push('operationChanged', view)
        push('outboxChanged', counts())
      })
    } else if (event.type === 'upload-progress') {
      push('uploadProgress', {
        operationId: event.operationId,
        loaded: event.loaded,
        ...(event.total !== undefined ? { total: event.total } : {}),
      })
    } else if (event.type === 'run-finished') {
      const { summary } = event
      push('syncFinished', {
        sent: summary.sent + summary.adopted,
        needsAttention: summary.needsAttention,
      })
      push('outboxChanged', counts())
      if (online !== !summary.offline) {
        online = !summary.offline
        push('onlineChanged', { online })
      }
    }
  })
}

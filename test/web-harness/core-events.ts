import type { CasefileCore } from '../../src/core/casefile-core'
import type { OperationView } from '../../src/shared/contract-work'
import { FRAUD_TYPE_LABELS, type FraudType } from '../../src/shared/domain/fraud-types'
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
      const state = event.operation.state
      void Promise.resolve(handlers.outboxList(undefined)).then((outbox) => {
        if (!core.db.open) return
        // outboxList holds pending items only; a finished one is described from the event itself.
        const view =
          outbox.operations.find((op) => op.id === id) ??
          finishedView(core, event.operation.id, state)
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

/**
 * The contract's view of an operation that left the pending list (done or cancelled). Mirrors
 * work-handlers.ts's private operationView; if that is exported for main's event forwarding,
 * this should use it instead.
 */
function finishedView(core: CasefileCore, id: number, state: string): OperationView | null {
  const op = core.getOperation(id)
  if (!op || (state !== 'done' && state !== 'cancelled')) return null
  const report = core.findReport(op.chainId)
  const type = report
    ? (FRAUD_TYPE_LABELS[report.draft.fraudType as FraudType] ??
      (report.draft.fraudType || 'Report'))
    : 'Report'
  const first = report?.draft.identifiers[0]
  return {
    id: op.id,
    reportId: op.chainId,
    registryId: report?.registryId ?? null,
    reportTitle: first ? `${type} · ${first.value}` : type,
    kind: op.kind,
    state: op.state,
    attempts: op.attempts,
    nextAttemptAt: op.nextAttemptAt,
    outcomeUnknown: op.outcomeUnknown,
    lastError: null,
    updatedAt: op.updatedAt,
  }
}

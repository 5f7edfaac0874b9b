import type { QueueResultView } from '../../shared/contracts/outbox'
import { cachedReport } from '../submissions/submissions'
import type { CoreContext, FeatureHandlers } from '../core-context'
import { findReport, localRecordOf, reportView } from '../drafts/drafts'
import { toOperationView, toOperationViews } from './operation-view'
import {
  discardOperation,
  editAndRequeue,
  outbox,
  outboxHistory,
  queueReport,
  queueUnlist,
  queueUpdate,
  retryNow,
} from './outbox'
import type { QueueResult } from './queue-checks'

function queueView(core: CoreContext, result: QueueResult): QueueResultView {
  return result.ok
    ? {
        ok: true,
        report: reportView(core, result.report),
        operations: toOperationViews(core, result.operations),
      }
    : result
}

/** The outbox's slice of the contract: queuing reports, changes and unlistings, and the items' actions. */
export const outboxHandlers: FeatureHandlers<
  | 'reportQueue'
  | 'reportUpdate'
  | 'reportEditTarget'
  | 'reportUnlist'
  | 'outboxList'
  | 'outboxRetry'
  | 'outboxDiscard'
  | 'outboxEdit'
  | 'outboxHistory'
> = (core) => ({
  reportQueue: ({ localId }) => queueView(core(), queueReport(core(), localId)),
  reportUpdate: ({ localOrRegistryId, draft }) =>
    queueView(core(), queueUpdate(core(), localOrRegistryId, draft)),
  // Only for a report this folder knows as the organization's own: a renderer cannot make
  // records for ids it invents.
  reportEditTarget: ({ registryId }) => {
    const known = findReport(core(), registryId)
    if (known) return reportView(core(), known)
    const cached = cachedReport(core(), registryId)
    if (cached?.kind !== 'report' || !cached.own) return null
    return reportView(core(), localRecordOf(core(), registryId))
  },
  reportUnlist: ({ localOrRegistryId, note }) =>
    queueView(core(), queueUnlist(core(), localOrRegistryId, note ? { note } : {})),
  outboxList: (input) => {
    const snapshot = outbox(core(), undefined, { operations: input?.operations !== false })
    return {
      ...snapshot,
      operations: toOperationViews(core(), snapshot.operations),
    }
  },
  outboxRetry: ({ operationId }) => toOperationView(core(), retryNow(core(), operationId)),
  outboxDiscard: ({ operationId }) =>
    toOperationViews(core(), discardOperation(core(), operationId)),
  outboxEdit: ({ operationId, draft }) =>
    queueView(core(), editAndRequeue(core(), operationId, draft)),
  outboxHistory: ({ state, from, to, limit }) =>
    toOperationViews(
      core(),
      outboxHistory(core(), {
        states: state ? [state] : ['done', 'cancelled'],
        from,
        to,
        limit,
      }),
    ),
})

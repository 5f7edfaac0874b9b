import type { CoreContext, StoreContext } from '../core-context'
import { type DraftInput, loadReport } from '../drafts/drafts'
import { bankSlugs } from '../banks/banks'
import { dropOperation, requeueEdited, retryOperation } from './outbox-actions'
import { queueReportWith, tryDraftAndQueue, type QueueResult } from './queue-create'
import { queueUnlistWith, queueUpdateWith } from './queue-change'
import { countPending, lookUpOperation, loadOperation, listFinished } from './outbox-repository'
import { outboxSnapshot } from './outbox-snapshot'
import { freshestContentIn } from './freshest-content'
import { checkOwnReportIdIn } from './own-report-check'
import type { OperationState } from './operations'
import { writeTransaction } from '../store/store'

// The operations' times the sync moves (its clock, waits made due): the table is the outbox's.
export {
  makeRetriesDue,
  newestUnfinishedWrite,
  shiftUnfinishedTimes,
  wakeOfflineWaits,
} from './operation-times'
export { readWaitingReports, waitingReports, type WaitingReport } from './waiting-reports'
export { finishedByDay, lastReportSent, openByDay } from './outbox-days'
export { fileReport, fileUpdate, type ReportToFile } from './file-report'

/*
 * The outbox: what waits on this computer to be sent, as commands (queue a report, an update,
 * an unlisting; retry, discard, edit and requeue) and views. Functions over the core's context;
 * the sync feature sends what is here.
 */

/** The checks a queued report must pass against the cached bank list (empty before the first refresh). */
const queueOptions = (core: CoreContext) => ({
  now: core.clock.now(),
  bankSlugs: bankSlugs(core.db),
})

function queued(core: CoreContext, result: QueueResult): QueueResult {
  if (result.ok) core.queued()
  return result
}

export function queueReport(core: CoreContext, localId: string): QueueResult {
  return queued(core, queueReportWith(core.db, localId, queueOptions(core)))
}

/** Drafts and queues one report at once (the CLI's submit, the demo reports). */
export function submit(
  core: CoreContext,
  input: DraftInput,
  options: { origin?: string } = {},
): QueueResult {
  return queued(core, tryDraftAndQueue(core.db, input, { ...queueOptions(core), ...options }))
}

/** Drafts and queues many reports in one transaction (one disk sync for the batch); one result each. */
export function submitMany(
  core: CoreContext,
  inputs: readonly DraftInput[],
  options: { origin?: string } = {},
): QueueResult[] {
  const slugs = bankSlugs(core.db)
  const results = writeTransaction(core.db, () =>
    inputs.map((input) =>
      tryDraftAndQueue(core.db, input, { now: core.clock.now(), bankSlugs: slugs, ...options }),
    ),
  )
  if (results.some((r) => r.ok)) core.queued()
  return results
}

export function queueUpdate(core: CoreContext, localOrRegistryId: string, input: DraftInput) {
  return queued(core, queueUpdateWith(core.db, localOrRegistryId, input, queueOptions(core)))
}

export function queueUnlist(
  core: CoreContext,
  localOrRegistryId: string,
  options: { note?: string } = {},
) {
  return queued(
    core,
    queueUnlistWith(core.db, localOrRegistryId, { now: core.clock.now(), ...options }),
  )
}

export function retryNow(core: CoreContext, operationId: number) {
  const op = retryOperation(core.db, operationId, core.clock.now())
  core.queued()
  return op
}

export function discardOperation(core: CoreContext, operationId: number) {
  return dropOperation(core.db, operationId, core.clock.now())
}

export function editAndRequeue(core: CoreContext, operationId: number, input: DraftInput) {
  return queued(core, requeueEdited(core.db, operationId, input, queueOptions(core)))
}

/**
 * Runs `work` in one transaction; the attachment copies it wrote are removed again if it
 * throws, so a refusal (a full disk, a report that is not valid) leaves nothing half-made.
 */
export function inOneTransaction<T>(core: CoreContext, work: () => T): T {
  return core.files.undoable(() => writeTransaction(core.db, work))
}

export function outbox(
  core: StoreContext,
  states?: readonly OperationState[],
  options?: { operations?: boolean },
) {
  return outboxSnapshot(core.db, states, options)
}

/** The outbox's counts without its operations (what the status bar and events need). */
export function outboxCounts(core: CoreContext) {
  const counts = countPending(core.db)
  return {
    counts,
    pending: counts.queued + counts.sending + counts.waiting_retry + counts.needs_attention,
  }
}

/** What was sent or discarded, newest first: the outbox's history, kept with the database. */
export function outboxHistory(core: CoreContext, options: Parameters<typeof listFinished>[1]) {
  return listFinished(core.db, options)
}

/** The outbox item with this id, or null when there is none. */
export function findOperation(core: CoreContext, id: number) {
  return lookUpOperation(core.db, id)
}

export function getOperation(core: CoreContext, id: number) {
  return loadOperation(core.db, id)
}

/** The freshest known content of a report, for an update to change (see freshest-content.ts). */
export function freshestContent(
  core: CoreContext,
  localId: string,
  options: { signal?: AbortSignal } = {},
) {
  return freshestContentIn(core.db, core.client, loadReport(core.db, localId), options)
}

/** Whether an id names one of the organization's reports: locally, in the cache, or on the registry. */
export function checkOwnReportId(
  core: CoreContext,
  localOrRegistryId: string,
  options: { signal?: AbortSignal } = {},
) {
  return checkOwnReportIdIn(core.db, core.client, localOrRegistryId, options)
}

// What the rest of the app uses of this folder's other files.
export { toOperationViews } from './operation-view'
export { pendingReportCount } from './pending-reports'
export { draftToPayload } from './queue-checks'
export type { QueueResult } from './queue-checks'
export { queueCheckedReports } from './queue-checked-reports'
export {
  claimForSending,
  holdUntil,
  insertOperation,
  markDone,
  markNeedsAttention,
  recoverInterrupted,
  returnUnattempted,
  scheduleRetry,
  setFirstSentAt,
} from './operation-transitions'
export { queueReportWith } from './queue-create'
export { bindOutboxOrigin } from './outbox-origin'
export { reportPayloadSchema, uploadPayloadSchema } from './operations'
export type { Operation, ReportPayload } from './operations'
export {
  loadOperation,
  movableChainCount,
  nextWakeAt,
  pendingCount,
  runnableHeads,
} from './outbox-repository'
export type { StoredError } from './outbox-repository'
export { LocalProblem } from './local-problem'
export { outboxHandlers } from './outbox-handlers'
export { outboxSnapshot } from './outbox-snapshot'

// What the rest of the app uses of this folder's other files.
export { BULK_CHAIN_PREFIX } from './operations'

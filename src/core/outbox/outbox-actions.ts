import { writeTransaction, type Db, resumeSync } from '../store/store'
import { reportFingerprint } from '../../shared/domain/fingerprint'
import {
  draftSchema,
  type DraftInput,
  lookUpReport,
  loadReport,
  setDraft,
  setFingerprint,
} from '../drafts/drafts'
import { chainOperations, loadOperation, setPayload } from './outbox-repository'
import { cancelOperation, requeue } from './operation-transitions'
import { reportPayloadSchema, type Operation } from './operations'
import {
  draftToPayload,
  queueMissingUploads,
  refuse,
  type QueueOptions,
  type QueueResult,
} from './queue-checks'

/** What a person does to an item in the outbox: retry it now, discard it, edit and requeue it. */

/** "Retry now": a waiting or stuck operation goes to the front, and a paused queue resumes. */
export function retryOperation(db: Db, operationId: number, now: number): Operation {
  writeTransaction(db, () => {
    requeue(db, operationId, now)
    resumeSync(db)
  })
  return loadOperation(db, operationId)
}

/**
 * Discards an operation and everything queued after it in its chain (they depend on it).
 * A report whose create is discarded goes back to being a draft: what the user wrote is kept.
 */
export function dropOperation(db: Db, operationId: number, now: number): Operation[] {
  return writeTransaction(db, () => {
    const target = loadOperation(db, operationId)
    if (target.state === 'done' || target.state === 'sending')
      throw new Error(`Operation ${operationId} is ${target.state} and can no longer be discarded.`)
    const discarded = chainOperations(db, target.chainId).filter(
      (op) =>
        op.seq >= target.seq &&
        (op.state === 'queued' || op.state === 'waiting_retry' || op.state === 'needs_attention'),
    )
    for (const op of discarded) cancelOperation(db, op.id, now)
    const report = lookUpReport(db, target.chainId)
    if (report && !report.registryId && discarded.some((op) => op.kind === 'create_report'))
      setDraft(db, report.localId, report.draft, now, 'draft')
    // A discarded bulk upload gives its rows back as drafts, unless a row has gone on alone.
    for (const op of discarded.filter((o) => o.kind === 'bulk_upload')) {
      const rows = (op.payload as { rows?: { localId: string }[] } | null)?.rows ?? []
      for (const { localId } of rows) {
        const row = lookUpReport(db, localId)
        const alone = chainOperations(db, localId).some(
          (o) => o.state !== 'cancelled' && o.state !== 'done',
        )
        if (row && row.status === 'queued' && !row.registryId && !alone)
          setDraft(db, localId, row.draft, now, 'draft')
      }
    }
    return discarded.map((op) => loadOperation(db, op.id))
  })
}

/** "Edit and requeue" for a create or update the registry refused: new content, same place in the chain. */
export function requeueEdited(
  db: Db,
  operationId: number,
  input: DraftInput,
  options: QueueOptions,
): QueueResult {
  return writeTransaction(db, (): QueueResult => {
    const op = loadOperation(db, operationId)
    if (op.kind !== 'create_report' && op.kind !== 'update_report')
      return refuse(
        `Operation ${operationId} is a ${op.kind.replace('_', ' ')}; only a create or an update has content to edit. Retry or discard it.`,
      )
    if (op.state !== 'needs_attention' && op.state !== 'waiting_retry' && op.state !== 'queued')
      return refuse(`Operation ${operationId} is ${op.state}; it cannot be edited now.`)
    const draft = draftSchema.parse(input)
    const built = draftToPayload(draft, options.bankSlugs)
    if (!built.ok) return refuse(built.message, built.issues)
    const report = loadReport(db, op.chainId)
    const uploads = queueMissingUploads(db, report, draft, options.now)
    if (uploads.length > 0)
      return refuse(
        'New attachments cannot be added while editing a refused operation: discard it and queue the report again, or retry without them.',
      )
    reportPayloadSchema.parse(built.payload)
    setPayload(db, op.id, built.payload, options.now)
    requeue(db, op.id, options.now)
    setDraft(db, report.localId, draft, options.now)
    setFingerprint(db, report.localId, reportFingerprint(built.payload.input))
    return {
      ok: true,
      report: loadReport(db, report.localId),
      operations: [loadOperation(db, op.id)],
    }
  })
}

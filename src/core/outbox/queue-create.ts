import { writeTransaction, type Db } from '../store/store'
import { reportFingerprint } from '../../shared/domain/fingerprint'
import {
  type DraftInput,
  insertDraft,
  loadReport,
  setDraft,
  setFingerprint,
} from '../drafts/drafts'
import { insertOperation } from './operation-transitions'
import {
  draftToPayload,
  queueMissingUploads,
  refuse,
  type QueueOptions,
  type QueueResult,
} from './queue-checks'

export type { QueueOptions, QueueResult }

/** Queuing a new report: its attachment uploads, then its create. */

/** Queues a draft: its attachment uploads, then its create, in one transaction. */
export function queueReportWith(db: Db, localId: string, options: QueueOptions): QueueResult {
  return writeTransaction(db, (): QueueResult => {
    const report = loadReport(db, localId)
    if (report.status !== 'draft')
      return refuse(
        `Report ${localId} is already ${report.status}; edit it to queue an update instead.`,
      )
    const built = draftToPayload(report.draft, options.bankSlugs)
    if (!built.ok) return refuse(built.message, built.issues)
    const uploads = queueMissingUploads(db, report, report.draft, options.now)
    const create = insertOperation(db, {
      chainId: localId,
      kind: 'create_report',
      payload: built.payload,
      now: options.now,
    })
    setDraft(db, localId, report.draft, options.now, 'queued')
    setFingerprint(db, localId, reportFingerprint(built.payload.input))
    return { ok: true, report: loadReport(db, localId), operations: [...uploads, create] }
  })
}

/** Creates a draft from input and queues it at once (CLI submit, spreadsheet import). */
export function draftAndQueue(
  db: Db,
  input: DraftInput,
  options: QueueOptions & { origin?: string },
): QueueResult {
  return writeTransaction(db, (): QueueResult => {
    const report = insertDraft(db, input, { now: options.now, origin: options.origin })
    const result = queueReportWith(db, report.localId, options)
    if (!result.ok) throw new QueueRefused(result)
    return result
  })
}

class QueueRefused extends Error {
  constructor(readonly result: QueueResult) {
    super(result.ok ? '' : result.message)
  }
}

/** Like draftAndQueue, but a refusal comes back as a result (nothing written) instead of an exception. */
export function tryDraftAndQueue(
  db: Db,
  input: DraftInput,
  options: QueueOptions & { origin?: string },
): QueueResult {
  try {
    return draftAndQueue(db, input, options)
  } catch (error) {
    if (error instanceof QueueRefused) return error.result
    throw error
  }
}

import { writeTransaction, type Db } from '../store/store'
import { reportFingerprint } from '../../shared/domain/fingerprint'
import {
  draftSchema,
  type DraftInput,
  insertDraft,
  lookUpReport,
  loadReport,
  setDraft,
  setFingerprint,
} from '../drafts/drafts'
import { loadOperation, setPayload } from './outbox-repository'
import { cancelOperation, insertOperation } from './operation-transitions'
import type { Operation } from './operations'
import {
  draftToPayload,
  hasPendingUnlist,
  nameOf,
  queueMissingUploads,
  refuse,
  unsentCreate,
  type QueueOptions,
  type QueueResult,
} from './queue-checks'

/** Queuing a change to a report already sent or queued: an update, or its unlisting. */

/**
 * Queues a change to a report. While its create has never been sent, the create itself is
 * replaced; once the create is in flight or done, the draft is frozen and the change becomes
 * an update operation after it. A registry id with no local record (a submission made
 * elsewhere) gets a local record first.
 */
export function queueUpdateWith(
  db: Db,
  localOrRegistryId: string,
  input: DraftInput,
  options: QueueOptions,
): QueueResult {
  return writeTransaction(db, (): QueueResult => {
    let report = lookUpReport(db, localOrRegistryId)
    if (!report)
      report = insertDraft(db, input, {
        now: options.now,
        origin: 'registry',
        registryId: localOrRegistryId,
        status: 'submitted',
      })
    if (report.status === 'draft')
      return refuse(`${nameOf(report)} is still a draft: queue it instead of updating it.`)
    if (
      report.status === 'unlisted' ||
      report.status === 'discarded' ||
      hasPendingUnlist(db, report.localId)
    )
      return refuse(
        `${nameOf(report)} is ${report.status === 'discarded' ? 'discarded' : 'unlisted'}; the registry does not take updates to it.`,
      )
    const draft = draftSchema.parse(input)
    const built = draftToPayload(draft, options.bankSlugs)
    if (!built.ok) return refuse(built.message, built.issues)

    const uploads = queueMissingUploads(db, report, draft, options.now)
    const create = unsentCreate(db, report.localId)
    let operation: Operation
    if (create && uploads.length === 0) {
      setPayload(db, create.id, built.payload, options.now)
      operation = loadOperation(db, create.id)
    } else if (create) {
      // New attachments must upload before the create: move the create behind them.
      cancelOperation(db, create.id, options.now)
      operation = insertOperation(db, {
        chainId: report.localId,
        kind: 'create_report',
        payload: built.payload,
        now: options.now,
      })
    } else {
      operation = insertOperation(db, {
        chainId: report.localId,
        kind: 'update_report',
        payload: built.payload,
        now: options.now,
      })
    }
    setDraft(db, report.localId, draft, options.now)
    setFingerprint(db, report.localId, reportFingerprint(built.payload.input))
    return {
      ok: true,
      report: loadReport(db, report.localId),
      operations: [...uploads, operation],
    }
  })
}

/**
 * Queues the unlisting of a report, after whatever its chain still has to send; `note` is the
 * organization's own reason, kept with the item on this computer (nothing is sent with it).
 */
export function queueUnlistWith(
  db: Db,
  localOrRegistryId: string,
  options: { now: number; note?: string },
): QueueResult {
  return writeTransaction(db, (): QueueResult => {
    let report = lookUpReport(db, localOrRegistryId)
    if (!report)
      report = insertDraft(
        db,
        {},
        {
          now: options.now,
          origin: 'registry',
          registryId: localOrRegistryId,
          status: 'submitted',
        },
      )
    if (report.status === 'draft')
      return refuse(
        `${nameOf(report)} is a draft that was never sent: discard it instead of unlisting it.`,
      )
    if (report.status === 'unlisted' || hasPendingUnlist(db, report.localId))
      return refuse(`${nameOf(report)} is already unlisted or queued to be.`)
    const operation = insertOperation(db, {
      chainId: report.localId,
      kind: 'unlist_report',
      // The registry's unlist takes no body: an internal note stays here, with the item.
      payload: options.note ? { note: options.note } : {},
      now: options.now,
    })
    return { ok: true, report: loadReport(db, report.localId), operations: [operation] }
  })
}

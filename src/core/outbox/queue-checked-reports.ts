import type { ReportInput } from '../../shared/domain/report-input'
import { type Draft, insertQueuedReports } from '../drafts/drafts'
import { type Db, newLocalId } from '../store/store'
import { insertQueuedCreates } from './operation-transitions'
import type { ReportPayload } from './operations'

/** A report input already checked by the shared report schema (a spreadsheet row), with its links. */
export interface CheckedReport {
  input: ReportInput
  /** Attachments already on the registry (https links, each checked by the attachment URL schema). */
  attachmentUrls: readonly string[]
  /** reportFingerprint(input), computed when the row was checked. */
  fingerprint: string
}

/** Rows a multi-row INSERT of queueCheckedReports takes (7 parameters a report, 4 an operation). */
export const ROWS_PER_INSERT = 50

/**
 * Drafts and queues reports whose inputs were already checked by the shared report schema with
 * the same bank list (the spreadsheet import's rows): a report row already `queued` and the
 * first operation of its chain, ROWS_PER_INSERT reports a statement (a statement a row cost a
 * third more: better-sqlite3's binding and stepping, not SQLite's pages). The caller runs it
 * inside its own transaction, one per batch, and says "queued" only after that commits. The
 * payload is the one draftToPayload would build (the import's tests compare them), without
 * parsing it a second time.
 */
export function queueCheckedReports(
  db: Db,
  reports: readonly CheckedReport[],
  options: {
    now: number
    origin?: string
    /** Rows a bulk upload will carry: no create of their own (queueBulk adds the chain's). */
    forBulk?: boolean
  },
): string[] {
  const { now } = options
  const origin = options.origin ?? 'import'
  const localIds: string[] = []
  for (let from = 0; from < reports.length; from += ROWS_PER_INSERT) {
    const chunk = reports.slice(from, from + ROWS_PER_INSERT)
    const reportParams: unknown[] = []
    const createParams: unknown[] = []
    for (const { input, attachmentUrls, fingerprint } of chunk) {
      const localId = newLocalId()
      const draft: Draft = {
        fraudType: input.fraudType,
        fraudReason: input.fraudReason,
        identifiers: input.identifiers,
        showUploaderInfo: input.showUploaderInfo,
        attachmentIds: [],
        attachmentUrls: [...attachmentUrls],
      }
      const payload: ReportPayload = {
        input: {
          fraudType: input.fraudType,
          fraudReason: input.fraudReason,
          identifiers: input.identifiers,
          attachments: [...attachmentUrls],
          showUploaderInfo: input.showUploaderInfo,
        },
        attachmentIds: [],
      }
      reportParams.push(localId, JSON.stringify(draft), fingerprint, origin, now, now)
      createParams.push(localId, JSON.stringify(payload), now, now)
      localIds.push(localId)
    }
    // Full chunks share one cached statement; the last, shorter one gets its own (cached too).
    insertQueuedReports(db, chunk.length, reportParams)
    if (!options.forBulk) insertQueuedCreates(db, chunk.length, createParams)
  }
  return localIds
}

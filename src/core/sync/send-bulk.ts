import { z } from 'zod'
import type { CreatedReport } from '../../shared/domain/responses'
import type { ReportInput } from '../../shared/domain/report-input'
import { lookUpReport, setReportStatus } from '../drafts/drafts'
import { bulkCsv, bulkRowCells } from './bulk-file-of-reports'
import { type RegistryClient, type UploadProgress, type RegistryClock } from '../registry/registry'
import { isRegistryError, RegistryError } from '../registry-error'
import type { Db } from '../store/store'
import {
  LocalProblem,
  type Operation,
  loadOperation,
  insertOperation,
  markNeedsAttention,
  setFirstSentAt,
  draftToPayload,
} from '../outbox/outbox'
import { findCreatedReports, lookForCreatedReports } from './reconcile'
import { acceptedButNotFound } from './not-found-words'
import { reconcileWindow, type LastAttempt } from './reconcile-window'
import { claimedRegistryIds, resolveAttachments } from './resolve-attachments'
import { yieldToLoop } from '../cache/cache'

export const bulkPayloadSchema = z.object({
  /** The reports the file carries, with the row each had in the user's spreadsheet. */
  rows: z.array(z.object({ localId: z.string(), rowNumber: z.number().int() })).min(1),
  /** The user's file name, for messages. */
  sourceName: z.string().default('the spreadsheet'),
})
export type BulkPayload = z.infer<typeof bulkPayloadSchema>

interface Context {
  db: Db
  client: Pick<
    RegistryClient,
    'bulkUpload' | 'listSubmissions' | 'decodeSubmission' | 'searchReports'
  >
  now: () => number
  registryClock: RegistryClock
  onReportSynced?: (change: {
    localId: string
    registryId: string
    change: 'created'
    record: CreatedReport | null
  }) => void
}

interface Item {
  localId: string
  rowNumber: number
  input: ReportInput
}

/** Reads `failedUploads` entries whatever their exact keys: the spec shows only "a list of objects". */
function readFailure(entry: Record<string, unknown>): { row: number | null; reason: string } {
  const rowValue = entry['row'] ?? entry['rowNumber'] ?? entry['line'] ?? entry['index']
  const row =
    typeof rowValue === 'number'
      ? rowValue
      : typeof rowValue === 'string' && /^\d+$/.test(rowValue)
        ? Number(rowValue)
        : null
  const reasonValue = entry['reason'] ?? entry['message'] ?? entry['error'] ?? entry['errors']
  const reason =
    typeof reasonValue === 'string'
      ? reasonValue
      : reasonValue !== undefined
        ? JSON.stringify(reasonValue)
        : JSON.stringify(entry)
  return { row, reason }
}

/**
 * Sends a bulk upload: the reports of the import that are still waiting, as one template file.
 * The registry answers only which rows failed, so afterwards each row is looked up among the
 * organization's submissions: found rows take their registry id; the others become a create
 * of their own in needs_attention with the registry's reason, to be fixed and sent again. A
 * bulk whose answer was lost is reconciled the same way first, and only the rows not found are
 * sent again: never the whole file blindly.
 */
/** Rows read or built between two looks at the event loop. */
const YIELD_EVERY = 50

export async function sendBulk(
  context: Context,
  op: Operation & { lastAttempt?: LastAttempt },
  signal: AbortSignal,
  onProgress: (p: UploadProgress) => void,
): Promise<() => unknown> {
  const { db, client } = context
  // In the registry's time, from the outbox's times as they stand once it has answered.
  const times = () => ({ ...loadOperation(db, op.id), lastAttempt: op.lastAttempt })
  const window = () => reconcileWindow(context.registryClock, times())
  const payload = bulkPayloadSchema.safeParse(op.payload)
  if (!payload.success)
    throw new LocalProblem(
      'This bulk upload is damaged in the local outbox; discard it and import the spreadsheet again.',
    )

  const items: Item[] = []
  /**
   * Rows that end in needs_attention, with why. `accepted`: the registry did not list the row
   * among its failures, yet it was not found among the submissions; it may exist, so a retry
   * reconciles before sending (outcome unknown) and the message says to check first.
   */
  const failures = new Map<string, { rowNumber: number; reason: string; accepted?: boolean }>()
  for (const [index, row] of payload.data.rows.entries()) {
    // 500 rows read and built: 200-500 ms at once under bench:load. In steps, so the window's
    // calls and the other jobs go on between them.
    if (index > 0 && index % YIELD_EVERY === 0) await yieldToLoop()
    const report = lookUpReport(db, row.localId)
    if (!report || report.status !== 'queued' || report.registryId) continue // already done, split off or discarded
    const built = draftToPayload(report.draft)
    if (!built.ok) {
      failures.set(row.localId, { rowNumber: row.rowNumber, reason: built.message })
      continue
    }
    items.push({
      localId: row.localId,
      rowNumber: row.rowNumber,
      input: resolveAttachments(db, built.payload),
    })
  }

  const firstSentAt = op.firstSentAt ?? context.now()
  const created = new Map<string, string>()
  let toSend = items
  if (op.outcomeUnknown && items.length > 0) {
    const found = await findCreatedReports(
      client,
      items.map((i) => i.input),
      { window, claimedIds: claimedRegistryIds(db), signal },
    )
    found.forEach((f, i) => {
      if (f.outcome === 'found') created.set(items[i]!.localId, f.id)
    })
    toSend = items.filter((item) => !created.has(item.localId))
  }

  const sendable: { item: Item; cells: string[] }[] = []
  for (const [index, item] of toSend.entries()) {
    if (index > 0 && index % YIELD_EVERY === 0) await yieldToLoop()
    const row = bulkRowCells(item.input)
    if (row.ok) sendable.push({ item, cells: row.cells })
    else failures.set(item.localId, { rowNumber: item.rowNumber, reason: row.message })
  }

  if (sendable.length > 0) {
    const file = new TextEncoder().encode(bulkCsv(sendable.map((s) => s.cells)))
    const answer = await client.bulkUpload(
      { bytes: file, fileName: 'casefile-bulk.csv', mimeType: 'text/csv' },
      { signal, onProgress },
    )
    // Past this point the file was taken: any failure must leave the outcome unknown, so the
    // next attempt reconciles instead of sending the rows twice.
    try {
      const reasonBySentRow = new Map<number, string>()
      const unplaced: string[] = []
      for (const entry of answer.failedUploads) {
        const { row, reason } = readFailure(entry)
        if (row === null) unplaced.push(reason)
        else reasonBySentRow.set(row, reason)
      }
      // Rows the registry refused are not searched for: it said it did not create them.
      const refusedIndexes = new Set(
        sendable.flatMap((_, i) => (reasonBySentRow.has(i + 2) ? [i] : [])),
      )
      const { outcomes: found, looked } = await lookForCreatedReports(
        client,
        sendable.map((s) => s.item.input),
        {
          window: () => reconcileWindow(context.registryClock, times(), 'now'),
          claimedIds: claimedRegistryIds(db, created.values()),
          signal,
          noSearch: refusedIndexes,
        },
      )
      found.forEach((f, i) => {
        const { item } = sendable[i]!
        if (f.outcome === 'found') created.set(item.localId, f.id)
        else {
          // The file's first data row is row 2, after the header.
          const refused = reasonBySentRow.get(i + 2)
          if (refused !== undefined)
            failures.set(item.localId, { rowNumber: item.rowNumber, reason: refused })
          else if (f.outcome === 'ambiguous')
            failures.set(item.localId, {
              rowNumber: item.rowNumber,
              reason: `Several reports on the registry match this row (${f.ids.join(', ')}); check your submissions before sending it again.`,
              accepted: true,
            })
          else if (unplaced.length > 0)
            // Failures without row numbers: this row may be one of them, or may have been created.
            failures.set(item.localId, {
              rowNumber: item.rowNumber,
              reason: `${unplaced.join(' ')} (The registry did not say which rows; check your submissions before sending this one again.)`,
              accepted: true,
            })
          else
            // Not among the rows the registry refused: it says it created it, yet neither the
            // list back to the sending nor a search found it. Never offered as failed, and
            // never resent without reconciling first.
            failures.set(item.localId, {
              rowNumber: item.rowNumber,
              reason: acceptedButNotFound(looked, i),
              accepted: true,
            })
        }
      })
    } catch (error) {
      if (isRegistryError(error))
        throw new RegistryError({
          ...error.toJSON(),
          outcomeUnknown: true,
          message: `The bulk file was sent, but finding which rows the registry created failed (${error.message}). It will be checked again before anything is resent.`,
        })
      throw error
    }
  }

  return () => {
    const now = context.now()
    for (const [localId, registryId] of created) {
      setReportStatus(db, localId, 'submitted', now, registryId)
      context.onReportSynced?.({ localId, registryId, change: 'created', record: null })
    }
    for (const [localId, { rowNumber, reason, accepted }] of failures) {
      const report = lookUpReport(db, localId)
      if (!report) continue
      const built = draftToPayload(report.draft)
      const create = insertOperation(db, {
        chainId: localId,
        kind: 'create_report',
        payload: built.ok
          ? built.payload
          : { input: null, attachmentIds: report.draft.attachmentIds },
        now,
      })
      // Its content was in the bulk file: a retry reconciles from when that was first sent.
      if (accepted) setFirstSentAt(db, create.id, firstSentAt)
      markNeedsAttention(db, create.id, {
        error: {
          kind: 'validation',
          message: `Row ${rowNumber} of ${payload.data.sourceName}: ${reason}`,
        },
        outcomeUnknown: accepted === true,
        now,
      })
    }
    return { created: created.size, failed: failures.size, rows: payload.data.rows.length }
  }
}

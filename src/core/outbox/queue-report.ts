import {
  normalizeIdentifierValue,
  IDENTIFIER_TYPES,
  type IdentifierType,
} from '../../shared/domain/identifiers'
import {
  createReportInputSchema,
  MAX_ATTACHMENTS,
  type ReportInput,
} from '../../shared/domain/report-input'
import { reportFingerprint } from '../../shared/domain/fingerprint'
import { toFieldIssues, type FieldIssue } from '../../shared/validation-messages'
import { listAttachments } from '../attachments/attachment-store'
import { draftSchema, type Draft, type DraftInput, type LocalReport } from '../drafts/draft'
import {
  createDraft,
  findReport,
  getReport,
  setDraft,
  setFingerprint,
} from '../drafts/drafts-repository'
import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'
import { newLocalId } from '../store/local-id'
import {
  chainOperations,
  insertOperation,
  getOperation,
  cancelOperation,
  requeue,
  setPayload,
} from './outbox-repository'
import { reportPayloadSchema, type Operation, type ReportPayload } from './operations'
import { resumeSync } from '../sync/sync-state'

export type QueueResult =
  | { ok: true; report: LocalReport; operations: Operation[] }
  | { ok: false; message: string; issues: FieldIssue[] }

export interface QueueOptions {
  now: number
  /** Known bank slugs; when given (non-empty), account identifiers must use one of them. */
  bankSlugs?: ReadonlySet<string>
}

/** A report as the person knows it: by its registry id once it has one (the window shows that id). */
const nameOf = (report: { localId: string; registryId: string | null }): string =>
  report.registryId ? `Report ${report.registryId}` : `Report ${report.localId}`

const refuse = (message: string, issues: FieldIssue[] = []): QueueResult => ({
  ok: false,
  message,
  issues,
})

const plainInputSchema = createReportInputSchema()
const inputSchemas = new WeakMap<ReadonlySet<string>, ReturnType<typeof createReportInputSchema>>()

/** The input schema for a bank list, built once per list (building one per report was the queue's main cost). */
function inputSchemaFor(bankSlugs?: ReadonlySet<string>) {
  if (!bankSlugs || bankSlugs.size === 0) return plainInputSchema
  let schema = inputSchemas.get(bankSlugs)
  if (!schema) {
    schema = createReportInputSchema({ bankSlugs })
    inputSchemas.set(bankSlugs, schema)
  }
  return schema
}

/**
 * Turns a draft into the payload of a create or update: identifiers normalized to the one form
 * the registry matches, then checked by the same schema the registry applies.
 */
export function draftToPayload(
  draft: Draft,
  bankSlugs?: ReadonlySet<string>,
): { ok: true; payload: ReportPayload } | { ok: false; message: string; issues: FieldIssue[] } {
  const identifiers = draft.identifiers.map(({ label, value }) =>
    (IDENTIFIER_TYPES as readonly string[]).includes(label)
      ? { label, value: normalizeIdentifierValue(label as IdentifierType, value) }
      : { label, value },
  )
  const schema = inputSchemaFor(bankSlugs)
  const parsed = schema.safeParse({
    fraudType: draft.fraudType,
    fraudReason: draft.fraudReason,
    identifiers,
    attachments: draft.attachmentUrls,
    showUploaderInfo: draft.showUploaderInfo,
  })
  const issues = parsed.success ? [] : toFieldIssues(parsed.error)
  const total = draft.attachmentIds.length + draft.attachmentUrls.length
  if (total > MAX_ATTACHMENTS)
    issues.push({
      path: 'attachments',
      message: `A report takes at most ${MAX_ATTACHMENTS} attachments; this one has ${total}. Remove ${total - MAX_ATTACHMENTS}.`,
    })
  if (!parsed.success || issues.length > 0)
    return {
      ok: false,
      message: `The report cannot be queued yet: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join(' ')}`,
      issues,
    }
  return { ok: true, payload: { input: parsed.data, attachmentIds: draft.attachmentIds } }
}

/** Upload operations for the draft's local attachments that have no upload yet in this chain. */
function queueMissingUploads(db: Db, report: LocalReport, draft: Draft, now: number): Operation[] {
  const chain = chainOperations(db, report.localId)
  const planned = new Set(
    chain
      .filter((op) => op.kind === 'upload_attachment' && op.state !== 'cancelled')
      .map((op) => (op.payload as { attachmentId?: string }).attachmentId),
  )
  const known = new Map(listAttachments(db, report.localId).map((a) => [a.id, a]))
  const added: Operation[] = []
  for (const attachmentId of draft.attachmentIds) {
    const attachment = known.get(attachmentId)
    if (!attachment)
      throw new Error(
        `Attachment ${attachmentId} is not part of report ${report.localId}; add it again.`,
      )
    if (attachment.url || planned.has(attachmentId)) continue
    added.push(
      insertOperation(db, {
        chainId: report.localId,
        kind: 'upload_attachment',
        payload: { attachmentId },
        now,
      }),
    )
  }
  return added
}

/** The chain's create, if it was never sent: it can still be replaced instead of followed by an update. */
function unsentCreate(db: Db, localId: string): Operation | undefined {
  return chainOperations(db, localId).find(
    (op) =>
      op.kind === 'create_report' &&
      op.state === 'queued' &&
      op.attempts === 0 &&
      !op.outcomeUnknown,
  )
}

/** Queues a draft: its attachment uploads, then its create, in one transaction. */
export function queueReport(db: Db, localId: string, options: QueueOptions): QueueResult {
  return db
    .transaction((): QueueResult => {
      const report = getReport(db, localId)
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
      return { ok: true, report: getReport(db, localId), operations: [...uploads, create] }
    })
    .immediate()
}

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

const REPORT_COLUMNS =
  'INSERT INTO reports (local_id, status, draft_json, fingerprint, origin, created_at, updated_at) VALUES '
const REPORT_VALUES = "(?, 'queued', ?, ?, ?, ?, ?)"
const CREATE_COLUMNS =
  'INSERT INTO operations (chain_id, seq, kind, state, payload_json, created_at, updated_at) VALUES '
const CREATE_VALUES = "(?, 1, 'create_report', 'queued', ?, ?, ?)"

/** An INSERT of `rows` rows at once: one statement step for many rows, in the order given. */
const insertSql = new Map<string, string>()
function insertOf(columns: string, values: string, rows: number): string {
  const key = `${rows}${columns}`
  let sql = insertSql.get(key)
  if (!sql) {
    sql = columns + Array.from({ length: rows }, () => values).join(', ')
    insertSql.set(key, sql)
  }
  return sql
}

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
  options: { now: number; origin?: string },
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
    prepare(db, insertOf(REPORT_COLUMNS, REPORT_VALUES, chunk.length)).run(...reportParams)
    prepare(db, insertOf(CREATE_COLUMNS, CREATE_VALUES, chunk.length)).run(...createParams)
  }
  return localIds
}

/** Creates a draft from input and queues it at once (CLI submit, spreadsheet import). */
export function draftAndQueue(
  db: Db,
  input: DraftInput,
  options: QueueOptions & { origin?: string },
): QueueResult {
  return db
    .transaction((): QueueResult => {
      const report = createDraft(db, input, { now: options.now, origin: options.origin })
      const result = queueReport(db, report.localId, options)
      if (!result.ok) throw new QueueRefused(result)
      return result
    })
    .immediate()
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

/**
 * Queues a change to a report. While its create has never been sent, the create itself is
 * replaced; once the create is in flight or done, the draft is frozen and the change becomes
 * an update operation after it. A registry id with no local record (a submission made
 * elsewhere) gets a local record first.
 */
export function queueUpdate(
  db: Db,
  localOrRegistryId: string,
  input: DraftInput,
  options: QueueOptions,
): QueueResult {
  return db
    .transaction((): QueueResult => {
      let report = findReport(db, localOrRegistryId)
      if (!report)
        report = createDraft(db, input, {
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
        operation = getOperation(db, create.id)
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
        report: getReport(db, report.localId),
        operations: [...uploads, operation],
      }
    })
    .immediate()
}

function hasPendingUnlist(db: Db, localId: string): boolean {
  return chainOperations(db, localId).some(
    (op) => op.kind === 'unlist_report' && op.state !== 'cancelled',
  )
}

/**
 * Queues the unlisting of a report, after whatever its chain still has to send; `note` is the
 * organization's own reason, kept with the item on this computer (nothing is sent with it).
 */
export function queueUnlist(
  db: Db,
  localOrRegistryId: string,
  options: { now: number; note?: string },
): QueueResult {
  return db
    .transaction((): QueueResult => {
      let report = findReport(db, localOrRegistryId)
      if (!report)
        report = createDraft(
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
      return { ok: true, report: getReport(db, report.localId), operations: [operation] }
    })
    .immediate()
}

/** "Retry now": a waiting or stuck operation goes to the front, and a paused queue resumes. */
export function retryNow(db: Db, operationId: number, now: number): Operation {
  db.transaction(() => {
    requeue(db, operationId, now)
    resumeSync(db)
  }).immediate()
  return getOperation(db, operationId)
}

/**
 * Discards an operation and everything queued after it in its chain (they depend on it).
 * A report whose create is discarded goes back to being a draft: what the user wrote is kept.
 */
export function discardOperation(db: Db, operationId: number, now: number): Operation[] {
  return db
    .transaction(() => {
      const target = getOperation(db, operationId)
      if (target.state === 'done' || target.state === 'sending')
        throw new Error(
          `Operation ${operationId} is ${target.state} and can no longer be discarded.`,
        )
      const discarded = chainOperations(db, target.chainId).filter(
        (op) =>
          op.seq >= target.seq &&
          (op.state === 'queued' || op.state === 'waiting_retry' || op.state === 'needs_attention'),
      )
      for (const op of discarded) cancelOperation(db, op.id, now)
      const report = findReport(db, target.chainId)
      if (report && !report.registryId && discarded.some((op) => op.kind === 'create_report'))
        setDraft(db, report.localId, report.draft, now, 'draft')
      // A discarded bulk upload gives its rows back as drafts, unless a row has gone on alone.
      for (const op of discarded.filter((o) => o.kind === 'bulk_upload')) {
        const rows = (op.payload as { rows?: { localId: string }[] } | null)?.rows ?? []
        for (const { localId } of rows) {
          const row = findReport(db, localId)
          const alone = chainOperations(db, localId).some(
            (o) => o.state !== 'cancelled' && o.state !== 'done',
          )
          if (row && row.status === 'queued' && !row.registryId && !alone)
            setDraft(db, localId, row.draft, now, 'draft')
        }
      }
      return discarded.map((op) => getOperation(db, op.id))
    })
    .immediate()
}

/** "Edit and requeue" for a create or update the registry refused: new content, same place in the chain. */
export function editAndRequeue(
  db: Db,
  operationId: number,
  input: DraftInput,
  options: QueueOptions,
): QueueResult {
  return db
    .transaction((): QueueResult => {
      const op = getOperation(db, operationId)
      if (op.kind !== 'create_report' && op.kind !== 'update_report')
        return refuse(
          `Operation ${operationId} is a ${op.kind.replace('_', ' ')}; only a create or an update has content to edit. Retry or discard it.`,
        )
      if (op.state !== 'needs_attention' && op.state !== 'waiting_retry' && op.state !== 'queued')
        return refuse(`Operation ${operationId} is ${op.state}; it cannot be edited now.`)
      const draft = draftSchema.parse(input)
      const built = draftToPayload(draft, options.bankSlugs)
      if (!built.ok) return refuse(built.message, built.issues)
      const report = getReport(db, op.chainId)
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
        report: getReport(db, report.localId),
        operations: [getOperation(db, op.id)],
      }
    })
    .immediate()
}

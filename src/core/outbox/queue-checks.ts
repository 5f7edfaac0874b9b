import {
  normalizeIdentifierValue,
  IDENTIFIER_TYPES,
  type IdentifierType,
} from '../../shared/domain/identifiers'
import { createReportInputSchema, MAX_ATTACHMENTS } from '../../shared/domain/report-input'
import { toFieldIssues, type FieldIssue } from '../../shared/validation-messages'
import { storedAttachments, type Draft, type LocalReport } from '../drafts/drafts'
import type { Db } from '../store/store'
import { chainOperations } from './outbox-repository'
import { insertOperation } from './operation-transitions'
import type { Operation, ReportPayload } from './operations'

/*
 * What every outbox command checks and builds before it writes: a draft as the payload the
 * registry takes, the uploads a report still needs, and the refusals in words.
 */

export type QueueResult =
  | { ok: true; report: LocalReport; operations: Operation[] }
  | { ok: false; message: string; issues: FieldIssue[] }

export interface QueueOptions {
  now: number
  /** Known bank slugs; when given (non-empty), account identifiers must use one of them. */
  bankSlugs?: ReadonlySet<string>
}

/** A report as the person knows it: by its registry id once it has one (the window shows that id). */
export const nameOf = (report: { localId: string; registryId: string | null }): string =>
  report.registryId ? `Report ${report.registryId}` : `Report ${report.localId}`

export const refuse = (message: string, issues: FieldIssue[] = []): QueueResult => ({
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
export function queueMissingUploads(
  db: Db,
  report: LocalReport,
  draft: Draft,
  now: number,
): Operation[] {
  const chain = chainOperations(db, report.localId)
  const planned = new Set(
    chain
      .filter((op) => op.kind === 'upload_attachment' && op.state !== 'cancelled')
      .map((op) => (op.payload as { attachmentId?: string }).attachmentId),
  )
  const known = new Map(storedAttachments(db, report.localId).map((a) => [a.id, a]))
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
export function unsentCreate(db: Db, localId: string): Operation | undefined {
  return chainOperations(db, localId).find(
    (op) =>
      op.kind === 'create_report' &&
      op.state === 'queued' &&
      op.attempts === 0 &&
      !op.outcomeUnknown,
  )
}

export function hasPendingUnlist(db: Db, localId: string): boolean {
  return chainOperations(db, localId).some(
    (op) => op.kind === 'unlist_report' && op.state !== 'cancelled',
  )
}

import type { ReportInput } from '../../shared/domain/report-input'
import { getAttachment } from '../attachments/attachment-store'
import { prepare } from '../store/prepare'
import type { Db } from '../store/open-database'
import { LocalProblem } from '../outbox/local-problem'
import { reportPayloadSchema, type Operation, type ReportPayload } from '../outbox/operations'

/** The registry input of a payload: uploaded attachments' URLs first, then links already on the registry. */
export function resolveAttachments(db: Db, payload: ReportPayload): ReportInput {
  const urls = payload.attachmentIds.map((id) => {
    const attachment = getAttachment(db, id)
    if (!attachment.url)
      throw new LocalProblem(
        `${attachment.fileName} has not been uploaded; retry its upload first.`,
      )
    return attachment.url
  })
  return { ...payload.input, attachments: [...urls, ...payload.input.attachments] }
}

/** The registry input of a create or update operation, as it is sent now. */
export function inputWithAttachments(db: Db, op: Operation): ReportInput {
  const payload = reportPayloadSchema.safeParse(op.payload)
  if (!payload.success)
    throw new LocalProblem(
      'This report is damaged in the local outbox; use "Edit and requeue" to fix its content.',
    )
  return resolveAttachments(db, payload.data)
}

/** Registry ids already held by local reports: a reconciliation must not adopt one twice. */
export function claimedRegistryIds(db: Db): Set<string> {
  return new Set(
    prepare<[], { registry_id: string }>(
      db,
      'SELECT registry_id FROM reports WHERE registry_id IS NOT NULL',
    )
      .all()
      .map((r) => r.registry_id),
  )
}

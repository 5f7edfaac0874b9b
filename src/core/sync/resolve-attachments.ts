import type { ReportInput } from '../../shared/domain/report-input'
import { getAttachment, registryIdHeld } from '../drafts/drafts'
import type { Db } from '../store/store'
import {
  LocalProblem,
  reportPayloadSchema,
  type Operation,
  type ReportPayload,
} from '../outbox/outbox'

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

/** Whether a registry id is one some report of this folder already holds. */
export interface ClaimedIds {
  has(id: string): boolean
}

/**
 * Registry ids already held by local reports (and `also`): a reconciliation must not adopt one
 * twice. Asked one id at a time of the column's unique index: reading them all into a set cost
 * every create sent 10-20 ms of the core's thread once the folder held 24,000 (bench:load).
 */
export function claimedRegistryIds(db: Db, also: Iterable<string> = []): ClaimedIds {
  const extra = new Set(also)
  const held = registryIdHeld(db)
  return { has: (id) => extra.has(id) || held(id) }
}

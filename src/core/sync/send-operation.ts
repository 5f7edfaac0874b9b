import {
  AttachmentMismatchError,
  type AttachmentFiles,
  getAttachment,
  setAttachmentUrl,
  loadReport,
  setReportStatus,
} from '../drafts/drafts'
import type { CreatedReport } from '../../shared/domain/responses'
import { type RegistryClient, type UploadProgress, type RegistryClock } from '../registry/registry'
import { isRegistryError } from '../registry-error'
import type { Db } from '../store/store'
import { LocalProblem, uploadPayloadSchema, type Operation } from '../outbox/outbox'
import {
  answerProblem,
  checkedRefusal,
  refusedWithSuccessStatus,
  sameContent,
  withWhatWasSent,
  wrongAnswer,
} from './answer-check'
import type { LastAttempt } from './reconcile-window'
import { inputWithAttachments } from './resolve-attachments'
import { sendBulk } from './send-bulk'
import { sendCreate } from './send-create'

export interface ReportSynced {
  localId: string
  registryId: string
  change: 'created' | 'adopted' | 'updated' | 'unlisted'
  /** The registry's answer, when it sent one (create and update). */
  record: CreatedReport | null
}

export interface SendContext {
  db: Db
  client: Pick<
    RegistryClient,
    | 'uploadFile'
    | 'createReport'
    | 'updateReport'
    | 'unlistReport'
    | 'listSubmissions'
    | 'decodeSubmission'
    | 'searchReports'
    | 'bulkUpload'
  >
  /** The registry's time: reconciliation windows are compared with its `createdAt`. */
  registryClock: RegistryClock
  /** The folder's kept copies of attachments, decrypted only to be sent. */
  files: AttachmentFiles
  now: () => number
  onReportSynced: (change: ReportSynced) => void
  onUploadProgress: (progress: UploadProgress) => void
}

/** An operation as the engine claimed it: with when its last attempt ended (reconcile-window.ts). */
export type ClaimedOperation = Operation & { lastAttempt?: LastAttempt }

/**
 * Sends one operation to the registry and returns what to write, which the engine runs in the
 * same transaction that marks the operation done. Throws a RegistryError (the engine decides
 * retry, pause or needs-attention) or a LocalProblem (the user must act).
 */
export async function sendOperation(
  context: SendContext,
  op: ClaimedOperation,
  signal: AbortSignal,
): Promise<() => unknown> {
  const { db, client } = context
  switch (op.kind) {
    case 'upload_attachment': {
      const payload = uploadPayloadSchema.safeParse(op.payload)
      if (!payload.success)
        throw new LocalProblem(
          'This upload is damaged in the local outbox; discard it and add the attachment again.',
        )
      const attachment = getAttachment(db, payload.data.attachmentId)
      if (attachment.url) return () => ({ url: attachment.url, alreadyUploaded: true })
      if (!context.files.has(attachment.sha256))
        throw new LocalProblem(
          `The saved copy of ${attachment.fileName} is missing from the data folder; remove the attachment and add it again.`,
        )
      let bytes: Buffer
      try {
        bytes = context.files.read(attachment.sha256)
      } catch (error) {
        throw new LocalProblem(
          error instanceof AttachmentMismatchError
            ? `The saved copy of ${attachment.fileName} is not the file that was attached (it was changed or swapped on this computer), so neither it nor its report was sent. Remove the attachment and add the file again.`
            : `The saved copy of ${attachment.fileName} is damaged (it does not decrypt with this folder\u2019s key); remove the attachment and add it again.`,
        )
      }
      const uploaded = await client.uploadFile(
        { bytes, fileName: attachment.fileName, mimeType: attachment.mimeType },
        {
          signal,
          onProgress: context.onUploadProgress,
        },
      )
      return () => {
        setAttachmentUrl(db, attachment.id, uploaded.url)
        return { url: uploaded.url, id: uploaded.id }
      }
    }
    case 'create_report':
      return sendCreate(context, op, signal)
    case 'update_report': {
      const registryId = registryIdOf(db, op)
      const input = inputWithAttachments(db, op)
      let updated: CreatedReport
      try {
        updated = await client.updateReport(registryId, input, { signal })
      } catch (error) {
        // success:false with a 2xx: the registry may have replaced the report all the same.
        if (!refusedWithSuccessStatus(error)) throw error
        const copy = await client.decodeSubmission(registryId, { signal })
        if (!sameContent(copy, input)) throw checkedRefusal(error)
        updated = { ...copy, id: registryId }
      }
      const problem = answerProblem(updated, input, { id: registryId })
      if (problem) throw wrongAnswer('PUT /api/v1/external/reports/{id}', 200, problem)
      return () => {
        context.onReportSynced?.({
          localId: op.chainId,
          registryId,
          change: 'updated',
          record: withWhatWasSent(updated, input),
        })
        return { id: updated.id }
      }
    }
    case 'unlist_report': {
      const registryId = registryIdOf(db, op)
      try {
        await client.unlistReport(registryId, { signal })
      } catch (error) {
        // A resend after a lost answer may be refused because the first one worked.
        if (!(
          (op.outcomeUnknown || (isRegistryError(error) && error.outcomeUnknown)) &&
          isRegistryError(error) &&
          error.kind === 'validation' &&
          (await isUnlisted(client, registryId, signal))
        ))
          throw error
      }
      return () => {
        setReportStatus(db, op.chainId, 'unlisted', context.now())
        context.onReportSynced?.({
          localId: op.chainId,
          registryId,
          change: 'unlisted',
          record: null,
        })
        return { id: registryId }
      }
    }
    case 'bulk_upload':
      return sendBulk(context, op, signal, context.onUploadProgress)
  }
}

async function isUnlisted(
  client: SendContext['client'],
  registryId: string,
  signal: AbortSignal,
): Promise<boolean> {
  try {
    const record = await client.decodeSubmission(registryId, { signal })
    return Boolean(record.listingStatus && record.listingStatus !== 'listed')
  } catch (error) {
    if (isRegistryError(error)) return false
    throw error
  }
}

function registryIdOf(db: Db, op: Operation): string {
  const current = loadReport(db, op.chainId)
  if (!current.registryId)
    throw new LocalProblem(
      `Report ${op.chainId} has no registry id yet, so it cannot be ${op.kind === 'unlist_report' ? 'unlisted' : 'updated'}; its create must go first.`,
    )
  return current.registryId
}

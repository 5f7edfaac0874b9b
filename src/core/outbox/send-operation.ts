import { AttachmentMismatchError } from '../attachments/attachment-files'
import type { ReportInput } from '../../shared/domain/report-input'
import type { CreatedReport } from '../../shared/domain/responses'
import type { AttachmentFiles } from '../attachments/attachment-files'
import { getAttachment, setAttachmentUrl } from '../attachments/attachment-store'
import { getReport, setReportStatus } from '../drafts/drafts-repository'
import type { RegistryClient, UploadProgress } from '../registry/registry-client'
import { isRegistryError } from '../registry/registry-error'
import type { Db } from '../store/open-database'
import { LocalProblem } from './local-problem'
import { reportPayloadSchema, uploadPayloadSchema, type Operation } from './operations'
import { reconcileLostCreate } from './reconcile'
import type { RegistryClock } from '../registry/registry-clock'
import { getOperation } from './outbox-repository'
import { reconcileWindow, type LastAttempt } from './reconcile-window'
import { claimedRegistryIds, resolveAttachments } from './resolve-attachments'
import { sendBulk } from './send-bulk'

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
  const report = () => getReport(db, op.chainId)
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
    case 'create_report': {
      const current = report()
      if (current.registryId) return () => ({ id: current.registryId, alreadyCreated: true })
      const input = inputWithAttachments(db, op)
      if (op.outcomeUnknown) {
        const found = await reconcileLostCreate(client, input, {
          // In the registry's time, from the outbox's times as they stand once it has answered.
          window: () =>
            reconcileWindow(context.registryClock, {
              ...getOperation(db, op.id),
              lastAttempt: op.lastAttempt,
            }),
          claimedIds: claimedRegistryIds(db),
          signal,
        })
        if (found.outcome === 'found') {
          return () => {
            setReportStatus(db, op.chainId, 'submitted', context.now(), found.id)
            context.onReportSynced?.({
              localId: op.chainId,
              registryId: found.id,
              change: 'adopted',
              record: null,
            })
            return { id: found.id, adopted: true }
          }
        }
        if (found.outcome === 'ambiguous')
          throw new LocalProblem(
            `The registry may already hold this report: ${found.ids.length} matching reports were created since it was first sent (${found.ids.join(', ')}). Check them under Submissions; discard this item if one is yours.`,
          )
      }
      const created = await client.createReport(input, { signal })
      return () => {
        setReportStatus(db, op.chainId, 'submitted', context.now(), created.id)
        context.onReportSynced?.({
          localId: op.chainId,
          registryId: created.id,
          change: 'created',
          record: withWhatWasSent(created, input),
        })
        return { id: created.id }
      }
    }
    case 'update_report': {
      const registryId = registryIdOf(db, op)
      const input = inputWithAttachments(db, op)
      const updated = await client.updateReport(registryId, input, { signal })
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
          op.outcomeUnknown &&
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
  const current = getReport(db, op.chainId)
  if (!current.registryId)
    throw new LocalProblem(
      `Report ${op.chainId} has no registry id yet, so it cannot be ${op.kind === 'unlist_report' ? 'unlisted' : 'updated'}; its create must go first.`,
    )
  return current.registryId
}

function inputWithAttachments(db: Db, op: Operation) {
  const payload = reportPayloadSchema.safeParse(op.payload)
  if (!payload.success)
    throw new LocalProblem(
      'This report is damaged in the local outbox; use "Edit and requeue" to fix its content.',
    )
  return resolveAttachments(db, payload.data)
}

/**
 * The registry's answer to a create or update (2.3) carries no attachments and no
 * showUploaderInfo, and the cache merges it over the copy it had: without these, the cache kept
 * the attachments from before the update, and the next edit made offline (which starts from
 * the cache) put back files the last one removed.
 */
function withWhatWasSent(answer: CreatedReport, sent: ReportInput): CreatedReport {
  return { ...answer, attachments: sent.attachments, showUploaderInfo: sent.showUploaderInfo }
}

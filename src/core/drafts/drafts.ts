import type { CoreContext, StoreContext } from '../core-context'
import type { DraftInput } from './draft'
import * as repository from './drafts-repository'

export { fingerprintedReports, insertQueuedReports, registryIdHeld } from './report-rows'

/*
 * Drafts: the reports being written on this computer, and the local record of every report
 * this folder has sent or learned of. Functions over the core's context; the rows are
 * drafts-repository.ts's.
 */

export function createDraft(core: CoreContext, input: DraftInput = {}) {
  return repository.insertDraft(core.db, input, { now: core.clock.now() })
}

export function saveDraft(core: CoreContext, localId: string, input: DraftInput) {
  return repository.updateDraft(core.db, localId, input, core.clock.now())
}

export function discardDraft(core: CoreContext, localId: string): void {
  repository.deleteDraft(core.db, localId, core.clock.now())
}

export function getReport(core: CoreContext, localId: string) {
  return repository.loadReport(core.db, localId)
}

export function findReport(core: StoreContext, localOrRegistryId: string) {
  return repository.lookUpReport(core.db, localOrRegistryId)
}

export function listReports(
  core: CoreContext,
  options?: Parameters<typeof repository.selectReports>[1],
) {
  return repository.selectReports(core.db, options)
}

/** The local record of a registry report, made (as submitted) if this folder has never seen it. */
export function localRecordOf(core: CoreContext, localOrRegistryId: string) {
  return (
    repository.lookUpReport(core.db, localOrRegistryId) ??
    repository.insertDraft(
      core.db,
      {},
      {
        now: core.clock.now(),
        origin: 'registry',
        registryId: localOrRegistryId,
        status: 'submitted',
      },
    )
  )
}

// What the rest of the app uses of this folder's other files.
export {
  insertDraft,
  loadReport,
  lookUpReport,
  setDraft,
  setFingerprint,
  setReportStatus,
} from './drafts-repository'
export { draftSchema } from './draft'
export type { Draft, DraftInput, LocalReport } from './draft'
export { reportView } from './report-view'
export { draftsHandlers } from './drafts-handlers'

// What the rest of the app uses of this folder's other files.
export { addAttachment, keptAttachmentHashes, listAttachments } from './attachments'
export { AttachmentUnavailableError, keptCopyOfLink, linkNames } from './attachment-bytes'
export type { AttachmentContext } from './attachment-bytes'
export { AttachmentFiles, AttachmentMismatchError } from './attachment-files'
export {
  AttachmentRefusedError,
  getAttachment,
  setAttachmentUrl,
  storedAttachments,
} from './attachment-store'
export { attachmentHandlers } from './attachment-handlers'
export { attachmentKeys, isEncryptedAttachment } from './attachment-cipher'

import type { FeatureHandlers } from '../core-context'
import { AttachmentRefusedError } from './attachment-store'
import { addAttachment, removeAttachment } from './attachments'

/** The attachments' slice of the contract. */
export const attachmentHandlers: FeatureHandlers<'attachmentAdd' | 'attachmentRemove'> = (
  core,
) => ({
  attachmentAdd: ({ localId, fileName, bytes }) => {
    try {
      const a = addAttachment(core(), localId, { bytes, fileName })
      return {
        ok: true,
        attachment: {
          id: a.id,
          fileName: a.fileName,
          mimeType: a.mimeType,
          size: a.size,
          uploaded: false,
        },
      }
    } catch (error) {
      if (error instanceof AttachmentRefusedError) return { ok: false, message: error.message }
      throw error
    }
  },
  attachmentRemove: ({ attachmentId }) => {
    removeAttachment(core(), attachmentId)
    return null
  },
})

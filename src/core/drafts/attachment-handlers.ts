import type { WorkHandlers } from '../../shared/contracts/work'
import { SAVE_EXTENSIONS, safeSaveName } from '../../shared/save-name'
import { VIEWABLE_TYPES } from '../../shared/viewable-types'
import type { CoreContext } from '../core-context'
import {
  attachmentBytes,
  AttachmentUnavailableError,
  checkSavable,
  checkViewable,
  linkNames,
} from './attachment-bytes'
import { AttachmentRefusedError } from './attachment-store'
import { addAttachment, removeAttachment } from './attachments'

type AttachmentMethod =
  'attachmentAdd' | 'attachmentRemove' | 'attachmentNames' | 'attachmentOpen' | 'attachmentCopy'

/** A file the viewer or a save cannot have, in words, with the network's refusal when it was one. */
const unavailable = (error: AttachmentUnavailableError) => ({
  ok: false as const,
  message: error.message,
  ...(error.refusal ? { refusal: error.refusal } : {}),
})

/**
 * The attachments' slice of the contract: a draft's files added and removed; names for links,
 * an image or PDF's bytes for the viewer, a file's bytes to save. Decrypted or fetched into
 * memory in the core process and handed over as bytes; the page never loads a remote address
 * and never names a path.
 */
export function attachmentHandlers(core: () => CoreContext): Pick<WorkHandlers, AttachmentMethod> {
  return {
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
    attachmentNames: ({ urls }) => linkNames(core(), urls),
    attachmentOpen: async (ref) => {
      try {
        const file = await attachmentBytes(core(), ref)
        const { type } = checkViewable(file)
        return {
          ok: true,
          fileName: file.fileName,
          type,
          typeLabel: VIEWABLE_TYPES[type].label,
          size: file.bytes.length,
          // A copy of its own: a Buffer may be a view of a larger shared pool, which would go along.
          bytes: new Uint8Array(file.bytes),
        }
      } catch (error) {
        if (error instanceof AttachmentUnavailableError)
          return { ...unavailable(error), canSave: error.canSave }
        throw error
      }
    },
    attachmentCopy: async (ref) => {
      try {
        const file = await attachmentBytes(core(), ref)
        const type = checkSavable(file)
        return {
          ok: true,
          // Offered under a name, never a path, with its content's own extension (save-name.ts).
          fileName: safeSaveName(file.fileName, SAVE_EXTENSIONS[type] ?? 'bin'),
          bytes: new Uint8Array(file.bytes),
        }
      } catch (error) {
        if (error instanceof AttachmentUnavailableError) return unavailable(error)
        throw error
      }
    },
  }
}

import type { WorkHandlers } from '../../shared/contract-work'
import { VIEWABLE_TYPES } from '../../shared/viewable-types'
import type { FeatureHandlers } from '../core-context'
import {
  attachmentBytes,
  AttachmentUnavailableError,
  checkSavable,
  checkViewable,
  linkNames,
  type AttachmentContext,
} from './attachment-bytes'

type AttachmentMethod = 'attachmentNames' | 'attachmentOpen' | 'attachmentCopy'

/**
 * The attachments' channels: names for links, an image or PDF's bytes for the viewer, a file's
 * bytes to save. Decrypted or fetched into memory in the core process and handed over as bytes;
 * the page never loads a remote address and never names a path.
 */
export const attachmentHandlers = ((core: () => AttachmentContext) => ({
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
        return { ok: false, message: error.message, canSave: error.canSave }
      throw error
    }
  },
  attachmentCopy: async (ref) => {
    try {
      const file = await attachmentBytes(core(), ref)
      checkSavable(file)
      return {
        ok: true,
        fileName: file.fileName,
        bytes: new Uint8Array(file.bytes),
      }
    } catch (error) {
      if (error instanceof AttachmentUnavailableError) return { ok: false, message: error.message }
      throw error
    }
  },
})) satisfies (core: () => AttachmentContext) => Pick<WorkHandlers, AttachmentMethod>

// A feature's handlers, over the running core: they read only part of its CoreContext.
attachmentHandlers satisfies FeatureHandlers<AttachmentMethod>

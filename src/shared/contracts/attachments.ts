import { z } from 'zod'
import { MAX_ATTACHMENT_BYTES } from '../file-types'
import { networkRefusalSchema } from '../network-refusal'
import { ATTACHMENT_INVOKE_CHANNELS as C } from './attachments-channels'
import { VIEWABLE_KINDS } from '../viewable-types'

/*
 * Attachments the window can name, open and save. The page names an attachment only by what
 * this folder already holds: a kept file by its id, or a registry link together with the report
 * (local or registry id) that carries it. Never a path: the core reads no file the page names.
 */

const id = z.string().min(1).max(200)
const link = z.string().min(1).max(2048)

/** A file attached to a draft, as the editor lists it. */
export const attachmentViewSchema = z.strictObject({
  id: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().min(0),
  uploaded: z.boolean(),
})
export type AttachmentView = z.infer<typeof attachmentViewSchema>

export const attachmentRefSchema = z.discriminatedUnion('kind', [
  /** A file kept (sealed) in this data folder, by its id. */
  z.strictObject({ kind: z.literal('kept'), attachmentId: id }),
  /** A link on the registry, as one of this folder's reports (or saved registry reports) carries it. */
  z.strictObject({ kind: z.literal('link'), reportId: id, url: link }),
])
export type AttachmentRef = z.infer<typeof attachmentRefSchema>

/** An attachment as a person reads it: its original name, its type and size when known. */
export const attachmentNameSchema = z.strictObject({
  url: z.string(),
  fileName: z.string(),
  /** "PDF", "PNG image"…; null when only the registry knows (a link this folder never held). */
  typeLabel: z.string().nullable(),
  size: z.number().int().min(0).nullable(),
  /** A copy is kept in this folder (it was attached here): it opens without the registry. */
  kept: z.boolean(),
})
export type AttachmentName = z.infer<typeof attachmentNameSchema>

const bytes = z.instanceof(Uint8Array).refine((b) => b.length <= MAX_ATTACHMENT_BYTES)

export const attachmentsContract = {
  attachmentAdd: {
    channel: C.attachmentAdd,
    input: z.strictObject({
      localId: id,
      fileName: z.string().min(1).max(255),
      bytes: z.instanceof(Uint8Array),
    }),
    output: z.discriminatedUnion('ok', [
      z.strictObject({ ok: z.literal(true), attachment: attachmentViewSchema }),
      z.strictObject({ ok: z.literal(false), message: z.string() }),
    ]),
  },
  attachmentRemove: {
    channel: C.attachmentRemove,
    input: z.strictObject({ attachmentId: id }),
    output: z.null(),
  },
  /** Names for registry links: the original name when this folder uploaded the file, else the link's last segment. */
  attachmentNames: {
    channel: C.attachmentNames,
    input: z.strictObject({ urls: z.array(link).max(10) }),
    output: z.array(attachmentNameSchema),
  },
  /** The bytes of an image or a PDF for the viewer, checked by their first bytes. */
  attachmentOpen: {
    channel: C.attachmentOpen,
    input: attachmentRefSchema,
    output: z.discriminatedUnion('ok', [
      z.strictObject({
        ok: z.literal(true),
        fileName: z.string(),
        type: z.enum(VIEWABLE_KINDS),
        typeLabel: z.string(),
        size: z.number().int().min(0),
        bytes,
      }),
      z.strictObject({
        ok: z.literal(false),
        message: z.string(),
        /** The file itself can still be saved and opened in another program. */
        canSave: z.boolean(),
        /** The network's refusal that kept a link's file away, for the window's words. */
        refusal: networkRefusalSchema.optional(),
      }),
    ]),
  },
  /** A file's bytes to save a copy of (main asks where, in its own dialog, and writes them). */
  attachmentCopy: {
    channel: C.attachmentCopy,
    input: attachmentRefSchema,
    output: z.discriminatedUnion('ok', [
      z.strictObject({ ok: z.literal(true), fileName: z.string(), bytes }),
      z.strictObject({
        ok: z.literal(false),
        message: z.string(),
        refusal: networkRefusalSchema.optional(),
      }),
    ]),
  },
} as const

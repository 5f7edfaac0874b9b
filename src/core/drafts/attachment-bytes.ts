import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES, sniffFileType } from '../../shared/file-types'
import { imageSize, pixelWords, withinDecodeCap } from '../../shared/image-size'
import {
  fileTypeLabel,
  linkFileName,
  sniffViewable,
  viewableTypeOfMime,
  viewableTypeOfName,
  VIEWABLE_TYPES,
  type ViewableType,
} from '../../shared/viewable-types'
import type { AttachmentName, AttachmentRef } from '../../shared/contracts/attachments'
import { visibleName } from '../../shared/visible-name'
import type { NetworkRefusal } from '../../shared/network-refusal'
import { getCachedReport } from '../cache/cache'
import type { CoreContext } from '../core-context'
import { lookUpReport } from './drafts-repository'
import { LinkFetchError } from '../registry/registry'
import { prepare } from '../store/store'
import { AttachmentMismatchError } from './attachment-files'
import { storedAttachments, type AttachmentRow, type StoredAttachment } from './attachment-store'

/** What of the running core the attachments' work reads: the store, the kept files, the registry. */
export type AttachmentContext = Pick<CoreContext, 'db' | 'files' | 'client'>

/** An attachment that cannot be shown or saved, with words that say why and what to do instead. */
export class AttachmentUnavailableError extends Error {
  constructor(
    message: string,
    /** The file itself is fine: it can still be saved and opened in another program. */
    readonly canSave = false,
    /** The network's refusal that kept the file from being fetched, for the window's words. */
    readonly refusal?: NetworkRefusal,
  ) {
    super(message)
    this.name = 'AttachmentUnavailableError'
  }
}

/** An attachment's bytes, in memory only, with the name and type it claims. */
export interface AttachmentBytes {
  fileName: string
  bytes: Buffer
  /** The MIME type it claims: as kept (sniffed when attached), or the registry's Content-Type. */
  claimedMime: string | null
  from: 'kept' | 'registry'
}

const byId = (ctx: AttachmentContext, id: string) =>
  prepare<[string], AttachmentRow>(ctx.db, 'SELECT * FROM attachments WHERE id = ?').get(id)

/** The file this folder attached and uploaded under that link, if any (the first, if several). */
const byUrl = (ctx: AttachmentContext, url: string) =>
  prepare<[string], AttachmentRow>(
    ctx.db,
    'SELECT * FROM attachments WHERE url = ? ORDER BY created_at, id LIMIT 1',
  ).get(url)

/** The kept copy, decrypted in memory and checked against the hash it was kept under. */
function readKept(ctx: AttachmentContext, row: AttachmentRow): AttachmentBytes {
  const fileName = visibleName(row.file_name)
  if (!ctx.files.has(row.sha256))
    throw new AttachmentUnavailableError(
      `The copy of ${fileName} kept on this computer is missing; remove the attachment and add the file again.`,
    )
  let bytes: Buffer
  try {
    bytes = ctx.files.read(row.sha256)
  } catch (error) {
    throw new AttachmentUnavailableError(
      error instanceof AttachmentMismatchError
        ? `The copy of ${fileName} kept on this computer is not the file that was attached (it was changed or swapped), so Casefile will not show or save it.`
        : `The copy of ${fileName} kept on this computer is damaged and cannot be read.`,
    )
  }
  return { fileName, bytes, claimedMime: row.mime_type, from: 'kept' }
}

/** Whether the report (local or registry id) carries the link: a draft, a sent report or a saved registry report. */
function reportCarries(ctx: AttachmentContext, reportId: string, url: string): boolean {
  const local = lookUpReport(ctx.db, reportId)
  if (local) {
    if (local.draft.attachmentUrls.includes(url)) return true
    if (storedAttachments(ctx.db, local.localId).some((a: StoredAttachment) => a.url === url))
      return true
  }
  const cached = getCachedReport(ctx.db, local?.registryId ?? reportId)
  return cached?.record.attachments?.includes(url) === true
}

/**
 * The bytes of an attachment the window named: a kept file by its id, or a link of a report
 * this folder holds. A link this folder uploaded opens from its kept copy (no registry needed);
 * any other is fetched through the registry client (its proxy and certificates), up to the
 * largest size an attachment can be. Nothing is written to disk.
 */
export async function attachmentBytes(
  ctx: AttachmentContext,
  ref: AttachmentRef,
  options: { signal?: AbortSignal } = {},
): Promise<AttachmentBytes> {
  if (ref.kind === 'kept') {
    const row = byId(ctx, ref.attachmentId)
    if (!row) throw new AttachmentUnavailableError('This attachment is no longer in this report.')
    return readKept(ctx, row)
  }
  if (!reportCarries(ctx, ref.reportId, ref.url))
    throw new AttachmentUnavailableError('That link is not one of this report\u2019s attachments.')
  const kept = byUrl(ctx, ref.url)
  if (kept && ctx.files.has(kept.sha256)) return readKept(ctx, kept)
  const fileName = kept ? visibleName(kept.file_name) : linkFileName(ref.url)
  try {
    const fetched = await ctx.client.fetchLink(ref.url, {
      maxBytes: MAX_ATTACHMENT_BYTES,
      signal: options.signal,
    })
    return { fileName, bytes: fetched.bytes, claimedMime: fetched.contentType, from: 'registry' }
  } catch (error) {
    if (error instanceof LinkFetchError)
      throw new AttachmentUnavailableError(error.message, false, error.refusal)
    throw error
  }
}

/**
 * The copy this folder kept of a file it uploaded under that link, decrypted in memory (a case
 * file falls back to it when the link cannot be fetched); null when none is kept. Throws
 * AttachmentUnavailableError when the kept copy is damaged or not the file attached.
 */
export function keptCopyOfLink(ctx: AttachmentContext, url: string): AttachmentBytes | null {
  const kept = byUrl(ctx, url)
  return kept && ctx.files.has(kept.sha256) ? readKept(ctx, kept) : null
}

/** What the file claims to be, when it claims a viewable type: its type, else (a generic type) its name. */
function claimedViewable(file: AttachmentBytes): ViewableType | null {
  const byMime = viewableTypeOfMime(file.claimedMime)
  if (byMime) return byMime
  const base = (file.claimedMime ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const generic =
    base === '' || base === 'application/octet-stream' || base === 'binary/octet-stream'
  return generic ? viewableTypeOfName(file.fileName) : null
}

/** Words for what came back instead of a file: a web page, text, or unknown bytes. */
function notTheFile(file: AttachmentBytes): string {
  return file.from === 'registry'
    ? `The registry did not send ${file.fileName} itself but something else (such as a web page or an error message), so Casefile will not show or save it.`
    : `${file.fileName} is not a file Casefile can show.`
}

/**
 * Checks that the bytes are the image or PDF they claim to be, by their first bytes, and that an
 * image is one the window may decode: its header read, and its pixels within MAX_DECODE_PIXELS
 * (a 1 MB PNG can declare 16,000 × 16,000 of them). Another type the registry takes (a Word
 * document, a spreadsheet, HEIC) or an image too large to show is refused with an offer to save
 * it instead; anything else (a registry answering with a web page) is refused outright.
 */
export function checkViewable(file: AttachmentBytes): { type: ViewableType } {
  const { type } = checkViewableType(file)
  if (type === 'pdf') return { type }
  const size = imageSize(file.bytes)
  const label = VIEWABLE_TYPES[type].label
  const elsewhere = `Use \u201cSave a copy\u2026\u201d and open it in another program if you need to see it.`
  if (!size)
    throw new AttachmentUnavailableError(
      `${file.fileName} is ${article(label)} whose size cannot be read from its header, so Casefile will not show it. ${elsewhere}`,
      true,
    )
  if (!withinDecodeCap(size))
    throw new AttachmentUnavailableError(
      `${file.fileName} declares ${pixelWords(size)}, more than Casefile shows: drawing it could take all of this computer\u2019s memory. ${elsewhere}`,
      true,
    )
  return { type }
}

/** The viewable type of the bytes, which must be the type the file claims (checkViewable). */
function checkViewableType(file: AttachmentBytes): { type: ViewableType } {
  const type = sniffViewable(file.bytes)
  if (!type) {
    const other = sniffFileType(file.bytes, file.fileName)
    if (other)
      throw new AttachmentUnavailableError(
        `Casefile shows PDFs and images (PNG, JPEG, GIF, WebP); ${file.fileName} is ${article(ATTACHMENT_TYPES[other].label)}. Use \u201cSave a copy\u2026\u201d and open it in the program you use for it.`,
        true,
      )
    throw new AttachmentUnavailableError(notTheFile(file))
  }
  const claimed = claimedViewable(file)
  if (claimed && claimed !== type)
    throw new AttachmentUnavailableError(
      `${file.fileName} is said to be ${article(VIEWABLE_TYPES[claimed].label)} but its content is ${article(VIEWABLE_TYPES[type].label)}, so Casefile will not show or save it.`,
    )
  return { type }
}

/** Checks that bytes to be saved are a file (a type the registry takes, or an image Casefile shows). */
export function checkSavable(file: AttachmentBytes): string {
  // An image or a PDF must also be the type it claims; the copy takes its type's extension.
  if (sniffViewable(file.bytes)) return checkViewableType(file).type
  const type = sniffFileType(file.bytes, file.fileName)
  if (!type) throw new AttachmentUnavailableError(notTheFile(file))
  return type
}

const article = (label: string) => (/^[AEIOU]/.test(label) ? `an ${label}` : `a ${label}`)

/** Names for registry links: the original name, type and size when this folder uploaded the file. */
export function linkNames(ctx: AttachmentContext, urls: readonly string[]): AttachmentName[] {
  return urls.map((url) => {
    const kept = byUrl(ctx, url)
    return kept
      ? {
          url,
          // A name as it will be seen: a file on disk can carry a right-to-left override too.
          fileName: visibleName(kept.file_name),
          typeLabel: fileTypeLabel(kept.mime_type),
          size: kept.size,
          kept: ctx.files.has(kept.sha256),
        }
      : { url, fileName: linkFileName(url), typeLabel: null, size: null, kept: false }
  })
}

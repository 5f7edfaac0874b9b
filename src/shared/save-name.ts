import { sniffFileType } from './file-types'
import { sniffViewable } from './viewable-types'
import { visibleName } from './visible-name'

/**
 * The name a file from outside is written under (a copy offered in a save dialog, an attachment
 * in a case file's zip), from the name that came with it (a link's last segment, a file name the
 * window gave): a name only, never a path; no character Windows refuses, no control or invisible
 * formatting character (visible-name.ts: a right-to-left override makes `x\u202Efdp.exe` read as
 * "xexe.pdf"), no leading dot (a hidden file), no trailing dot or space, no reserved device name,
 * at most 150 bytes, and always the extension of the type its content was found to be, so
 * `invoice.pdf.hta` holding a PDF is `invoice.pdf` and `invoice.pdf` holding a program is
 * `invoice.bin`. Pure: the core names the file with it and main checks it again.
 */
const RESERVED =
  /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i
const MAX_BYTES = 150
const EXTENSION = /\.([a-z0-9]{1,10})$/i
const ENDS = /^[. ]+|[. ]+$/g

const utf8Length = (text: string) => new TextEncoder().encode(text).length

/** The text cut to at most `maxBytes` of UTF-8, between letters (a base letter keeps its marks). */
function cut(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text
  let kept = ''
  for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)) {
    if (utf8Length(kept + segment) > maxBytes) break
    kept += segment
  }
  return kept
}

export function safeSaveName(name: string, extension: string): string {
  const ext = extension.toLowerCase()
  const isOurs = (own: string | undefined) =>
    own !== undefined &&
    (own.toLowerCase() === ext || (ext === 'jpg' && own.toLowerCase() === 'jpeg'))
  let stem = visibleName(name.split(/[/\\]/).pop() ?? '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(ENDS, '')
  let kept = ext
  let own = EXTENSION.exec(stem)
  if (own && !isOurs(own[1])) {
    // Another type's extension goes; an honest one beneath it is kept (`invoice.pdf.hta`).
    stem = stem.slice(0, own.index).replace(ENDS, '')
    own = EXTENSION.exec(stem)
  }
  if (own && isOurs(own[1])) {
    kept = own[1] as string
    stem = stem.slice(0, own.index)
  }
  stem = stem.replace(ENDS, '')
  if (/^[_ .]*$/.test(stem)) stem = 'attachment'
  // Windows opens the device, not a file, for `CON`, `nul.txt` and `COM1.tar.gz` alike.
  else if (RESERVED.test((stem.split('.')[0] ?? '').trim())) stem = `_${stem}`
  stem = cut(stem, MAX_BYTES - utf8Length(kept) - 1).replace(ENDS, '') || 'attachment'
  return `${stem}.${kept}`
}

/** The extension a copy is saved under, by the type its content was found to be. */
export const SAVE_EXTENSIONS: Record<string, string> = {
  pdf: 'pdf',
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  heic: 'heic',
  txt: 'txt',
  csv: 'csv',
  xlsx: 'xlsx',
  docx: 'docx',
}

/**
 * The extension of what the bytes are, by their first bytes (text only under a .txt or .csv
 * name, as file-types.ts takes it); `bin` for anything Casefile does not know, so no program is
 * ever saved under a document's extension, nor a document under a program's.
 */
export function contentExtension(bytes: Uint8Array, name: string): string {
  const type = sniffViewable(bytes) ?? sniffFileType(bytes, visibleName(name))
  return (type && SAVE_EXTENSIONS[type]) || 'bin'
}

/** The file name bytes from outside are written under: the name they came with, made safe, with their content's extension. */
export function fileNameFor(name: string, bytes: Uint8Array): string {
  return safeSaveName(name, contentExtension(bytes, name))
}

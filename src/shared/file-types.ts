/**
 * Evidence file types the registry's upload takes, recognised by their content (magic bytes),
 * never by the name a file happens to have. Pure: bytes in, type out, so the renderer and the
 * core refuse the same files with the same words (the sandbox registry types uploads with its
 * own code, src/sandbox/upload-types.ts, to test this one against).
 */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024

export const ATTACHMENT_TYPES = {
  pdf: { mime: 'application/pdf', label: 'PDF' },
  png: { mime: 'image/png', label: 'PNG image' },
  jpeg: { mime: 'image/jpeg', label: 'JPEG image' },
  webp: { mime: 'image/webp', label: 'WebP image' },
  heic: { mime: 'image/heic', label: 'HEIC image' },
  txt: { mime: 'text/plain', label: 'text file' },
  csv: { mime: 'text/csv', label: 'CSV file' },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel workbook',
  },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word document',
  },
} as const

export type AttachmentType = keyof typeof ATTACHMENT_TYPES

export const ACCEPTED_TYPES_SENTENCE = 'PDF, PNG, JPEG, WebP, HEIC, TXT, CSV, XLSX or DOCX'

/** A text's character codes, as bytes to compare a file's first bytes with. */
export const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))

/** Whether the bytes hold `signature` at `offset` (a magic number). */
export function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((byte, i) => bytes[offset + i] === byte)
}

function includes(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0]
  outer: for (
    let i = bytes.indexOf(first as number);
    i !== -1 && i <= bytes.length - needle.length;
    i = bytes.indexOf(first as number, i + 1)
  ) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])

/** Control characters a text file does not hold (all of C0 but tab, line feed, form feed, carriage return; and DEL). */
function hasBinaryControls(bytes: Uint8Array): boolean {
  for (const byte of bytes)
    if (
      (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) ||
      byte === 0x7f
    )
      return true
  return false
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (hasBinaryControls(bytes)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

const TEXT_NAME = /\.(txt|csv)$/i

/** A PDF, PNG, JPEG or WebP, known by its first bytes alone; null for anything else. */
export function sniffDocumentOrImage(bytes: Uint8Array): 'pdf' | 'png' | 'jpeg' | 'webp' | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  return null
}

/**
 * The type of a file by its content, from a short allow-list. Plain text (valid UTF-8, no
 * control bytes) is taken only when the name ends in .txt or .csv, which also tells CSV from
 * plain text; every other type is decided by the bytes alone, whatever the name says.
 */
export function sniffFileType(bytes: Uint8Array, fileName = ''): AttachmentType | null {
  const known = sniffDocumentOrImage(bytes)
  if (known) return known
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12))
    return HEIC_BRANDS.has(brand) ? 'heic' : null
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // Office files are zips; their part names are stored uncompressed in the headers.
    if (includes(bytes, ascii('xl/workbook.xml'))) return 'xlsx'
    if (includes(bytes, ascii('word/document.xml'))) return 'docx'
    return null
  }
  // Text only under a text file's name: an extension-less text file is as likely a private key
  // (~/.ssh/id_rsa), a token or a config file as a note, and is never taken as evidence.
  if (bytes.length > 0 && TEXT_NAME.test(fileName) && isUtf8Text(bytes))
    return /\.csv$/i.test(fileName) ? 'csv' : 'txt'
  return null
}

/** Why a file cannot be attached, in words that say how to fix it; null when it can. */
export function checkAttachment(
  size: number,
  type: AttachmentType | null,
  fileName: string,
): string | null {
  if (size === 0) return `${fileName} is empty: choose the file that holds the evidence.`
  if (size > MAX_ATTACHMENT_BYTES)
    return `${fileName} is ${(size / 1024 / 1024).toFixed(1)} MiB; attachments can be at most 10 MiB. Compress or split it.`
  if (!type)
    return `${fileName} is not a file type the registry takes (its content decides, and text needs a .txt or .csv name). Attach a ${ACCEPTED_TYPES_SENTENCE} file.`
  return null
}

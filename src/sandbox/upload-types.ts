import { isUtf8 } from 'node:buffer'

/**
 * What the registry's upload (4.9) takes, decided by the sandbox (the spec leaves the upload's
 * types and size open; src/sandbox/README.md, "Upload"), and how it tells one file from another:
 * by its content, never by the name a client gave it. The sandbox's own reading, written from
 * the file formats themselves, not the app's: a double that sniffed files with the client's code
 * would accept exactly what the client accepts and could never show the client refusing wrongly.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export const UPLOAD_TYPES = {
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

export type UploadType = keyof typeof UPLOAD_TYPES

/** Files known by a signature at a fixed place in their first bytes. */
const SIGNATURES: readonly { type: UploadType; at: number; bytes: Buffer }[] = [
  { type: 'pdf', at: 0, bytes: Buffer.from('%PDF-', 'latin1') },
  { type: 'png', at: 0, bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'jpeg', at: 0, bytes: Buffer.from([0xff, 0xd8, 0xff]) },
]
/** ISO base media files (HEIC, but also MP4, MOV…): a box named `ftyp` first, then its brand. */
const FTYP = Buffer.from('ftyp', 'latin1')
const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']
const ZIP_ENTRY = Buffer.from([0x50, 0x4b, 0x03, 0x04])
/** Office documents are zips whose part names sit uncompressed in the entries' headers. */
const OFFICE_PARTS: readonly { type: UploadType; part: Buffer }[] = [
  { type: 'xlsx', part: Buffer.from('xl/workbook.xml', 'latin1') },
  { type: 'docx', part: Buffer.from('word/document.xml', 'latin1') },
]

const view = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
const holdsAt = (file: Buffer, at: number, signature: Buffer) =>
  file.length >= at + signature.length && file.subarray(at, at + signature.length).equals(signature)

/** A PDF, PNG, JPEG or WebP, by its first bytes; null for anything else. */
function documentOrImageType(bytes: Uint8Array): UploadType | null {
  const file = view(bytes)
  const known = SIGNATURES.find(({ at, bytes: signature }) => holdsAt(file, at, signature))
  if (known) return known.type
  const isWebp =
    holdsAt(file, 0, Buffer.from('RIFF', 'latin1')) &&
    holdsAt(file, 8, Buffer.from('WEBP', 'latin1'))
  return isWebp ? 'webp' : null
}

/**
 * Text the registry takes: UTF-8 with none of the control bytes a text never holds (C0 but tab,
 * line feed, form feed and carriage return; DEL).
 */
function isPlainText(file: Buffer): boolean {
  for (const byte of file) {
    const allowedControl = byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d
    if ((byte < 0x20 && !allowedControl) || byte === 0x7f) return false
  }
  return isUtf8(file)
}

/**
 * The type of an uploaded file. Text is taken only under a .txt or .csv name (the name also
 * tells CSV from plain text): text without one is as likely a key or a config file as evidence.
 */
export function uploadTypeOf(bytes: Uint8Array, fileName = ''): UploadType | null {
  const file = view(bytes)
  const documentOrImage = documentOrImageType(file)
  if (documentOrImage) return documentOrImage
  if (holdsAt(file, 4, FTYP)) {
    const brand = file.subarray(8, 12).toString('latin1')
    return HEIC_BRANDS.includes(brand) ? 'heic' : null
  }
  if (holdsAt(file, 0, ZIP_ENTRY))
    return OFFICE_PARTS.find(({ part }) => file.includes(part))?.type ?? null
  const textName = /\.(txt|csv)$/i.exec(fileName)
  if (file.length > 0 && textName && isPlainText(file))
    return textName[1]?.toLowerCase() === 'csv' ? 'csv' : 'txt'
  return null
}

const TYPE_NAMES = 'PDF, PNG, JPEG, WebP, HEIC, TXT, CSV, XLSX or DOCX'

/** Why the upload refuses a file, with how to fix it; null when it takes it. */
export function uploadRefusal(
  size: number,
  type: UploadType | null,
  fileName: string,
): string | null {
  if (size === 0) return `${fileName} is empty: choose the file that holds the evidence.`
  if (size > MAX_UPLOAD_BYTES)
    return `${fileName} is ${(size / 1024 / 1024).toFixed(1)} MiB; attachments can be at most 10 MiB. Compress or split it.`
  if (type === null)
    return `${fileName} is not a file type the registry takes (its content decides, and text needs a .txt or .csv name). Attach a ${TYPE_NAMES} file.`
  return null
}

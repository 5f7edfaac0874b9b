import { ATTACHMENT_TYPES, sniffFileType } from '../../shared/file-types'

export type TableFormat = 'csv' | 'xlsx'

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]
/** Compound File (OLE2): the old .xls format, and also any password-protected .xlsx. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b)
}

export const isZip = (bytes: Uint8Array) => startsWith(bytes, ZIP_MAGIC)
export const isOle = (bytes: Uint8Array) => startsWith(bytes, OLE_MAGIC)
export const hasUtf16Bom = (bytes: Uint8Array) =>
  startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])

function looksLikeUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false
  try {
    // stream: true tolerates a character cut in two at the end of a sample.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true })
    return true
  } catch {
    return false
  }
}

/**
 * What a file holds, by its content: a zip with an `xl/workbook.xml` part is XLSX, UTF-8 text is
 * CSV; anything else is null. `bytes` may be the whole file or its first kilobytes. The name only
 * vetoes: text named .xlsx is not taken for CSV, because the user believes it is a workbook.
 */
export function detectTableFormat(bytes: Uint8Array, fileName?: string): TableFormat | null {
  if (isZip(bytes)) return includesAscii(bytes, 'xl/workbook.xml') ? 'xlsx' : null
  if (fileName && /\.xls[xmb]?$/i.test(fileName)) return null
  if (bytes.length === 0 || hasUtf16Bom(bytes) || isBinaryNonSpreadsheet(bytes)) return null
  return looksLikeUtf8Text(bytes) ? 'csv' : null
}

function includesAscii(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(text, 0, 'latin1')
}

/** Content that is certainly not text: NUL bytes, an old Excel/OLE file, a PDF, an image… */
export function isBinaryNonSpreadsheet(head: Uint8Array): boolean {
  if (head.includes(0) || isOle(head)) return true
  const type = sniffFileType(head)
  return type !== null && type !== 'txt' && type !== 'csv'
}

/**
 * An OpenDocument spreadsheet (LibreOffice's .ods): the ODF format stores its media type as
 * the first, uncompressed part of the zip, so it is in the file's first bytes.
 */
export const isOpenDocumentSpreadsheet = (head: Uint8Array) =>
  isZip(head) && includesAscii(head, 'application/vnd.oasis.opendocument.spreadsheet')

/** What a zip that is not a workbook holds, by the parts it `has`, for error messages. */
export function describeZip(has: (part: string) => boolean, named = ''): string {
  if (has('word/document.xml')) return `The file is a Word document${named}.`
  if (has('content.xml') && has('META-INF/manifest.xml'))
    return `The file is an OpenDocument file (from LibreOffice or OpenOffice)${named}, not an Excel workbook.`
  return `The file is a zip archive${named}, not an Excel workbook (it has no workbook part).`
}

/** A sentence saying what a file that is not a spreadsheet seems to be, for error messages. */
export function describeNonSpreadsheet(head: Uint8Array, fileName?: string): string {
  const named = fileName && /\.xlsx?$/i.test(fileName) ? ' despite its name' : ''
  if (isOle(head))
    return `The file is an old-format Excel file (.xls) or a password-protected workbook${named}; Casefile cannot open either.`
  if (isZip(head)) {
    if (isOpenDocumentSpreadsheet(head)) return 'The file is an OpenDocument spreadsheet (.ods).'
    return describeZip((part) => includesAscii(head, part), named)
  }
  const type = sniffFileType(head)
  if (type && type !== 'txt' && type !== 'csv')
    return `The file is a ${ATTACHMENT_TYPES[type].label}${named}, not a spreadsheet.`
  return `The file is not a spreadsheet${named}: it is neither an Excel workbook nor text.`
}

import { UPLOAD_TYPES, uploadTypeOf } from '../upload-types'
import { refuse } from './bulk-file-refusals'

export type BulkFileKind = 'csv' | 'xlsx'

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)

const ZIP = [0x50, 0x4b, 0x03, 0x04]
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06]
/** Compound File (OLE2): the old .xls, and any workbook saved with a password. */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
/** An OpenDocument file stores its media type first, uncompressed, right after the zip header. */
const ODS_MEDIA_TYPE = 'application/vnd.oasis.opendocument.spreadsheet'

/**
 * What a bulk file is, by its content alone (the name a client gave it is not evidence): a zip
 * is a workbook to open (its parts then decide), text is CSV, anything else is refused with
 * 415 saying what it seems to be. Whether the text is UTF-8 is checked as it is decoded.
 */
export function bulkFileKind(bytes: Uint8Array): BulkFileKind {
  if (bytes.length === 0) throw refuse.empty()
  if (startsWith(bytes, ZIP)) {
    const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 200))
    if (head.includes(ODS_MEDIA_TYPE, 0, 'latin1'))
      throw refuse.notASpreadsheet(
        'The file is an OpenDocument spreadsheet (.ods); save it from LibreOffice as .xlsx or as CSV (UTF-8).',
      )
    return 'xlsx'
  }
  if (startsWith(bytes, EMPTY_ZIP))
    throw refuse.notASpreadsheet('The file is an empty zip archive.')
  if (startsWith(bytes, OLE))
    throw refuse.notASpreadsheet(
      'The file is an old-format Excel file (.xls) or a workbook saved with a password; save it as .xlsx without a password.',
    )
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]))
    throw refuse.notASpreadsheet(
      'The file is "Unicode text" (UTF-16); in Excel choose Save As → "CSV UTF-8 (Comma delimited)".',
    )
  // No name given: text is never typed here, so only a document, an image or an Office file.
  const type = uploadTypeOf(bytes)
  if (type !== null)
    throw refuse.notASpreadsheet(`The file is a ${UPLOAD_TYPES[type].label}, not a spreadsheet.`)
  return 'csv'
}

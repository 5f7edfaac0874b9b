import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { resolveLimits, type TableLimits } from './table-limits'
import { tableErrors } from './table-file-error'
import type { TableProgress, TableRow, TableSheet } from './table-row'
import {
  describeNonSpreadsheet,
  hasUtf16Bom,
  isBinaryNonSpreadsheet,
  isOpenDocumentSpreadsheet,
  isZip,
  type TableFormat,
} from './detect-format'
import { readCsvRows } from './csv-reader'
import { readXlsxRows } from './xlsx-reader'

export { DEFAULT_TABLE_LIMITS, type TableLimits } from './table-limits'
export { TableFileError, type TableFileErrorCode } from './table-file-error'
export { detectTableFormat, type TableFormat } from './detect-format'
export type { TableRow, TableProgress, TableSheet } from './table-row'

export type TableSource = { path: string } | { bytes: Uint8Array }

export interface ReadTableOptions {
  /** Skip detection when the caller already knows the format. */
  format?: TableFormat
  limits?: Partial<TableLimits>
  onProgress?: (progress: TableProgress) => void
  /**
   * Tells the table's header row, so a workbook is read from the sheet that holds the table: the
   * first whose first row passes it (a cover sheet before it is passed over), else the first with
   * such a row among its first rows. Without it, or when no sheet has one, the first sheet.
   */
  isHeaderRow?: (cells: readonly string[]) => boolean
  /** Called before the first row of a workbook with the sheet read (never for CSV). */
  onSheet?: (sheet: TableSheet) => void
}

const CHUNK_BYTES = 64 * 1024
const HEAD_BYTES = 4096

/**
 * Rows of a CSV (comma, semicolon or tab separated) or XLSX file, one at a time, with
 * `rowNumber` as the spreadsheet shows it (row 1 is the header). The file is not trusted: its
 * format is taken from its content, and every limit (size, rows, columns, cell length, zip part
 * sizes) is checked while reading, so a hostile file ends in a TableFileError, never in
 * exhausted memory. Rows that hold no cell at all in an XLSX (formatting only) are not rows;
 * blank CSV lines and rows of empty cells are yielded.
 */
export async function* readTableRows(
  source: TableSource,
  options: ReadTableOptions = {},
): AsyncGenerator<TableRow> {
  const limits = resolveLimits(options.limits)
  const totalBytes = 'path' in source ? (await stat(source.path)).size : source.bytes.byteLength
  if (totalBytes > limits.maxFileBytes) throw tableErrors.tooLarge(totalBytes, limits.maxFileBytes)
  if (totalBytes === 0) throw tableErrors.empty()

  const head = await readHead(source)
  const format = options.format ?? formatOf(head, 'path' in source ? source.path : undefined)
  if (format === 'xlsx') {
    yield* readXlsxRows(source, totalBytes, limits, options)
  } else {
    const chunks =
      'path' in source
        ? (createReadStream(source.path, {
            highWaterMark: CHUNK_BYTES,
          }) as AsyncIterable<Uint8Array>)
        : sliceBytes(source.bytes)
    yield* readCsvRows(chunks, totalBytes, limits, options.onProgress)
  }
}

/**
 * XLSX when the file is a zip (its central directory then decides whether it is a workbook)
 * other than an OpenDocument spreadsheet, CSV when it is text; otherwise an error saying what
 * the file seems to be. Text is not required to be valid UTF-8 here: the CSV reader says where
 * it is not, which helps more than a refusal.
 */
function formatOf(head: Uint8Array, fileName: string | undefined): TableFormat {
  if (isOpenDocumentSpreadsheet(head)) throw tableErrors.openDocumentSpreadsheet()
  if (isZip(head)) return 'xlsx'
  if (hasUtf16Bom(head)) throw tableErrors.utf16()
  if (isBinaryNonSpreadsheet(head) || (fileName && /\.xls[xmb]?$/i.test(fileName)))
    throw tableErrors.notASpreadsheet(describeNonSpreadsheet(head, fileName))
  return 'csv'
}

async function readHead(source: TableSource): Promise<Uint8Array> {
  if ('bytes' in source) return source.bytes.subarray(0, HEAD_BYTES)
  const file = await open(source.path, 'r')
  try {
    const buffer = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await file.close()
  }
}

async function* sliceBytes(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += CHUNK_BYTES)
    yield bytes.subarray(at, Math.min(at + CHUNK_BYTES, bytes.byteLength))
}

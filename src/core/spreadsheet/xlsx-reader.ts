import {
  HEADER_SEARCH_CHARS,
  HEADER_SEARCH_ROWS,
  MAX_SHEETS_SEARCHED,
  type TableLimits,
} from './table-limits'
import type { TableProgress, TableRow, TableSheet } from './table-row'
import { ZipArchive } from './zip-archive'
import {
  readNumberStyles,
  readSharedStrings,
  readWorkbookLayout,
  type WorkbookSheet,
} from './xlsx-workbook'
import { SheetParser, type SheetContext } from './xlsx-sheet'
import { TableFileError, errorInSheet, tableErrors } from './table-file-error'

export interface XlsxReadOptions {
  /** Tells a header row: the sheet read is the first whose first row is one (see chooseSheet). */
  isHeaderRow?: (cells: readonly string[]) => boolean
  onSheet?: (sheet: TableSheet) => void
  onProgress?: (p: TableProgress) => void
}

/**
 * Rows of one sheet of an XLSX file, streamed: the sheet part is inflated and parsed piece by
 * piece and rows are handed out as they complete, so memory holds the shared strings and a few
 * rows, never the sheet. Values are what the workbook saved (see SheetParser). In a workbook of
 * several sheets, errors name the sheet read.
 */
export async function* readXlsxRows(
  source: { path: string } | { bytes: Uint8Array },
  totalBytes: number,
  limits: TableLimits,
  options: XlsxReadOptions = {},
): AsyncGenerator<TableRow> {
  const zip = await ZipArchive.open(source, limits)
  try {
    const layout = await readWorkbookLayout(zip)
    const context: SheetContext = {
      shared: await readSharedStrings(zip, layout.sharedStringsPart, limits),
      numberStyles: await readNumberStyles(zip, layout.stylesPart),
      date1904: layout.date1904,
      fullCalcOnLoad: layout.fullCalcOnLoad,
      limits,
    }
    const named = layout.sheetCount > 1
    const { sheet, passedOver } = await chooseSheet(zip, layout.sheets, context, {
      ...options,
      named,
    })
    options.onSheet?.({ name: sheet.name, sheetCount: layout.sheetCount, passedOver })
    try {
      yield* readSheetRows(zip, sheet, context, totalBytes, options.onProgress)
    } catch (error) {
      throw named ? namingSheet(error, sheet) : error
    }
  } finally {
    zip.close()
  }
}

/**
 * The sheet to read: the first (visible sheets first, in the workbook's order) whose first row
 * is a header row, so a cover or instructions sheet before the table is passed over; else the
 * first with a header row among its first rows, for the caller to say the rows above it must
 * go; else the first sheet. Only the first rows of at most MAX_SHEETS_SEARCHED sheets are read.
 */
async function chooseSheet(
  zip: ZipArchive,
  sheets: WorkbookSheet[],
  context: SheetContext,
  { isHeaderRow, named }: { isHeaderRow?: XlsxReadOptions['isHeaderRow']; named: boolean },
): Promise<{ sheet: WorkbookSheet; passedOver: string[] }> {
  const chosen = (index: number) => ({
    sheet: sheets[index] as WorkbookSheet,
    passedOver: sheets.slice(0, index).map((s) => s.name),
  })
  if (!isHeaderRow || sheets.length === 1) return chosen(0)
  let lower: number | undefined
  for (const [index, sheet] of sheets.slice(0, MAX_SHEETS_SEARCHED).entries()) {
    let where
    try {
      where = await findHeaderRow(zip, sheet, context, isHeaderRow)
    } catch (error) {
      throw named ? namingSheet(error, sheet) : error
    }
    if (where === 'first') return chosen(index)
    if (where === 'lower') lower ??= index
  }
  return chosen(lower ?? 0)
}

/**
 * Whether a sheet's first row is a header row, or one of its first HEADER_SEARCH_ROWS rows
 * (within its first HEADER_SEARCH_CHARS characters).
 */
async function findHeaderRow(
  zip: ZipArchive,
  sheet: WorkbookSheet,
  context: SheetContext,
  isHeaderRow: (cells: readonly string[]) => boolean,
): Promise<'first' | 'lower' | null> {
  const texts = await zip.openText(sheet.part)
  if (!texts) return null
  const parser = new SheetParser(sheet.part, context)
  let first = true
  const look = (rows: TableRow[]): 'first' | 'lower' | null | undefined => {
    for (const row of rows) {
      if (row.rowNumber > HEADER_SEARCH_ROWS) return null
      if (isHeaderRow(row.cells)) return first ? 'first' : 'lower'
      first = false
    }
    return undefined
  }
  // Leaving the loop early stops inflating the part (the zip stream is closed).
  let read = 0
  for await (const text of texts) {
    parser.write(text)
    const found = look(parser.rows.splice(0))
    if (found !== undefined) return found
    read += text.length
    if (read > HEADER_SEARCH_CHARS) return null
  }
  parser.close()
  return look(parser.rows.splice(0)) ?? null
}

async function* readSheetRows(
  zip: ZipArchive,
  sheet: WorkbookSheet,
  context: SheetContext,
  totalBytes: number,
  onProgress: XlsxReadOptions['onProgress'],
): AsyncGenerator<TableRow> {
  const texts = await zip.openText(sheet.part)
  if (!texts) throw tableErrors.notASpreadsheet('The workbook has no readable worksheet.')
  const sheetSize = zip.sizeOf(sheet.part)?.uncompressed ?? 1
  const parser = new SheetParser(sheet.part, context)
  let inflated = 0
  for await (const text of texts) {
    inflated += text.length
    parser.write(text)
    if (parser.rows.length > 0) yield* parser.rows.splice(0)
    onProgress?.({
      bytesRead: Math.min(totalBytes, Math.round((totalBytes * inflated) / Math.max(1, sheetSize))),
      totalBytes,
      rows: parser.rowCount,
    })
  }
  parser.close()
  yield* parser.rows.splice(0)
  if (parser.rowCount === 0) throw tableErrors.empty()
  onProgress?.({ bytesRead: totalBytes, totalBytes, rows: parser.rowCount })
}

/** An error met while reading a sheet of a workbook of several, naming the sheet. */
function namingSheet(error: unknown, sheet: WorkbookSheet): unknown {
  return error instanceof TableFileError ? errorInSheet(error, sheet.name) : error
}

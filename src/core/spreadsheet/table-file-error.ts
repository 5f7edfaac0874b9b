import { columnLetter } from './cell-reference'

export type TableFileErrorCode =
  | 'too_large'
  | 'too_many_rows'
  | 'too_many_columns'
  | 'cell_too_long'
  | 'zip_bomb'
  | 'not_a_spreadsheet'
  | 'empty'
  | 'encoding'

/**
 * The whole file cannot be read. The message says what is wrong and how to fix it, in words
 * an investigator can act on; `rowNumber` and `column` (a letter, as the sheet shows it) say
 * where, when the problem is at one place.
 */
export class TableFileError extends Error {
  override readonly name = 'TableFileError'
  readonly rowNumber: number | undefined
  readonly column: string | undefined

  constructor(
    readonly code: TableFileErrorCode,
    message: string,
    where: { rowNumber?: number; column?: string } = {},
  ) {
    super(message)
    this.rowNumber = where.rowNumber
    this.column = where.column
  }
}

/** How messages name the sheet of a workbook they are about. */
export const sheetLabel = (name: string) => `Sheet '${name}'`

/** The same error, its message starting with the sheet it is in: "Sheet 'Reports': …". */
export function errorInSheet(error: TableFileError, sheetName: string): TableFileError {
  return new TableFileError(error.code, `${sheetLabel(sheetName)}: ${error.message}`, {
    rowNumber: error.rowNumber,
    column: error.column,
  })
}

const SPLIT_ADVICE = 'Split it into several files and import each.'

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} bytes`
}

const count = (n: number) => n.toLocaleString('en-US')

export const tableErrors = {
  tooLarge: (size: number, max: number) =>
    new TableFileError(
      'too_large',
      `The file is ${formatBytes(size)}; Casefile reads spreadsheets of up to ${formatBytes(max)}. ${SPLIT_ADVICE}`,
    ),
  tooMuchSharedText: (what: string) =>
    new TableFileError(
      'too_large',
      `The workbook's table of texts ${what}, more than Casefile holds in memory at once. ${SPLIT_ADVICE}`,
    ),
  tooManyRows: (max: number) =>
    new TableFileError(
      'too_many_rows',
      `The sheet has more than ${count(max)} rows; Casefile reads at most ${count(max)} rows (the header included) from one file. ${SPLIT_ADVICE}`,
    ),
  tooManyColumns: (rowNumber: number, columnIndex: number, max: number) =>
    new TableFileError(
      'too_many_columns',
      `Row ${rowNumber} has a value in column ${columnLetter(columnIndex)}, column number ${count(columnIndex + 1)}; a sheet may use at most ${count(max)} columns. Delete the columns after ${columnLetter(max - 1)}, or check that the values are in the right columns.`,
      { rowNumber, column: columnLetter(columnIndex) },
    ),
  cellTooLong: (rowNumber: number, columnIndex: number, length: number | null, max: number) =>
    new TableFileError(
      'cell_too_long',
      `Row ${rowNumber}, column ${columnLetter(columnIndex)} holds ${length === null ? 'more than ' + count(max) : count(length)} characters; a cell may hold at most ${count(max)}. Shorten it (a fraud reason takes at most 2,000 characters) and import the file again.`,
      { rowNumber, column: columnLetter(columnIndex) },
    ),
  zipBomb: (part: string, detail: string) =>
    new TableFileError(
      'zip_bomb',
      `The workbook part "${part}" ${detail}. Files packed like this are built to exhaust memory, so Casefile does not unpack it. If you trust the file, open it in Excel and save the sheet as a new .xlsx or as CSV UTF-8, then import that copy.`,
    ),
  empty: () =>
    new TableFileError(
      'empty',
      'The file is empty: it has no header row and no reports. Start from the Casefile bulk template, write one report per row below the header, and import it again.',
    ),
  notUtf8: (nearRow: number) =>
    new TableFileError(
      'encoding',
      `The file is not UTF-8 text (the first bad character is in or near row ${nearRow}), so names and reasons would come out garbled. In Excel choose File → Save As → "CSV UTF-8 (Comma delimited)" (or save as .xlsx) and import that file.`,
      { rowNumber: nearRow },
    ),
  nulCharacter: (rowNumber: number, columnIndex: number) =>
    new TableFileError(
      'encoding',
      `Row ${rowNumber}, column ${columnLetter(columnIndex)} holds a NUL character (a zero byte), which no text holds: the file is damaged (a copy cut short is often padded with zeros) or is not UTF-8 text. Open it in your spreadsheet program, check that row, save it as "CSV UTF-8 (Comma delimited)" (or as .xlsx) and import that file.`,
      { rowNumber, column: columnLetter(columnIndex) },
    ),
  utf16: () =>
    new TableFileError(
      'encoding',
      'The file is saved as "Unicode text" (UTF-16), which Casefile does not read. In Excel choose File → Save As → "CSV UTF-8 (Comma delimited)" (or save as .xlsx) and import that file.',
    ),
  openDocumentSpreadsheet: () =>
    new TableFileError(
      'not_a_spreadsheet',
      'The file is an OpenDocument spreadsheet (.ods), which Casefile does not read: save it as .xlsx or .csv from LibreOffice (File → Save As…, file type "Excel 2007-365 (.xlsx)" or "Text CSV (.csv)" with character set UTF-8), and import that file.',
    ),
  notASpreadsheet: (what: string) =>
    new TableFileError(
      'not_a_spreadsheet',
      `${what} Casefile reads Excel workbooks (.xlsx) and CSV files: open the file in your spreadsheet program, save it as .xlsx or "CSV UTF-8", and import that file.`,
    ),
}

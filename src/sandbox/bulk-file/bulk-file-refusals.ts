import { BULK_HEADERS } from '../../shared/bulk-template'
import { SandboxError } from '../envelope'
import { MAX_BULK_COLUMNS, MAX_BULK_DATA_ROWS, MAX_CELL_CHARS } from './bulk-file-limits'

/*
 * What the registry answers when a bulk file cannot be read at all: nothing is filed, and the
 * message says what is wrong and how to fix it. 415 for what is not a CSV or XLSX, 413 for what
 * is too big, 400 for a spreadsheet that does not hold the template.
 */

const count = (n: number) => n.toLocaleString('en-US')

export const TEMPLATE_HINT = `Send the Casefile bulk template as .xlsx (first sheet) or as CSV saved as UTF-8, comma-separated, with the columns ${BULK_HEADERS.join(', ')}.`

/** A letter per column as a spreadsheet shows it: 0 → A, 26 → AA. */
export function columnName(index: number): string {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

export const refuse = {
  empty: () => new SandboxError(400, `The bulk file is empty. ${TEMPLATE_HINT}`),
  noHeader: () =>
    new SandboxError(400, `The bulk file holds no header row and no reports. ${TEMPLATE_HINT}`),
  noReports: () =>
    new SandboxError(
      400,
      `The bulk file has the header row but no reports below it. Write one report per row under the header. ${TEMPLATE_HINT}`,
    ),
  header: (problems: readonly string[]) =>
    new SandboxError(
      400,
      `The bulk file's header row does not fit the template:\n${problems.join('\n')}\nThe header is the first row of the first sheet that holds anything: the template's column names, in any order.`,
    ),
  malformed: (what: string) =>
    new SandboxError(400, `The bulk file cannot be read as CSV: ${what}`),
  tooManyColumns: (rowNumber: number, columnIndex: number) =>
    new SandboxError(
      400,
      `Row ${rowNumber} has a value in column ${columnName(columnIndex)}; a bulk file may use at most ${MAX_BULK_COLUMNS} columns. Delete the columns the template does not have.`,
    ),
  cellTooLong: (rowNumber: number, columnIndex: number) =>
    new SandboxError(
      400,
      `Cell ${columnName(columnIndex)}${rowNumber} holds more than ${count(MAX_CELL_CHARS)} characters, more than a spreadsheet cell holds. Shorten it (a fraud reason takes at most 2,000).`,
    ),
  tooManyRows: () =>
    new SandboxError(
      413,
      `The bulk file has more than ${count(MAX_BULK_DATA_ROWS + 1)} rows (the header and ${count(MAX_BULK_DATA_ROWS)} reports), the most one bulk upload takes. Split it into files of at most ${count(MAX_BULK_DATA_ROWS)} reports.`,
    ),
  tooLarge: (bytes: number, max: number) =>
    new SandboxError(
      413,
      `The bulk file is ${count(bytes)} bytes; a bulk upload takes at most ${count(max)}. Split it into smaller files.`,
    ),
  zipBomb: (part: string, detail: string) =>
    new SandboxError(
      413,
      `The workbook part "${part}" ${detail}, so it is not unpacked. Open the file in a spreadsheet program and save its first sheet as a new .xlsx or as CSV UTF-8.`,
    ),
  /** 415, with a sentence saying what the file seems to be. */
  notASpreadsheet: (what: string) =>
    new SandboxError(
      415,
      `${what} The bulk upload takes the Casefile bulk template as .xlsx or as CSV (UTF-8).`,
    ),
  damagedWorkbook: (detail: string) =>
    new SandboxError(
      415,
      `The file looks like an Excel workbook but cannot be read: ${detail} Open it in a spreadsheet program and save it again as .xlsx.`,
    ),
}

import type { TableSheet } from './table-row'
import { sheetLabel } from './table-file-error'

export type BulkFileProblemCode =
  | 'empty_header'
  | 'missing_column'
  | 'duplicate_column'
  | 'unpaired_account_column'
  | 'no_identifier_column'
  | 'unknown_column'
  | 'no_data_rows'
  | 'header_not_in_row_1'
  | 'sheet_chosen'
  /** The registry could not be asked which rows were already submitted (import-spreadsheet.ts). */
  | 'submissions_not_checked'
  /** The data folder could not be written (a full disk): not every row was queued. */
  | 'import_stopped'

/**
 * A problem with the file as a whole. Blocking ones stop the import (no row can be read right);
 * the others are warnings shown with the result (a column that is not read, a file with no rows).
 */
export interface BulkFileProblem {
  code: BulkFileProblemCode
  blocking: boolean
  /** Column letter(s) the problem is about, as the sheet shows them. */
  column?: string
  message: string
}

/** The header row does not let the rows be read; `problems` lists every reason at once. */
export class BulkFileError extends Error {
  override readonly name = 'BulkFileError'
  constructor(readonly problems: BulkFileProblem[]) {
    super(problems.map((p) => p.message).join('\n'))
  }
}

/** A problem with the header of a workbook of several sheets names the sheet read. */
export function problemInSheet(
  problem: BulkFileProblem,
  sheet: TableSheet | undefined,
): BulkFileProblem {
  if (!sheet || sheet.sheetCount < 2 || problem.code === 'sheet_chosen') return problem
  return { ...problem, message: `${sheetLabel(sheet.name)}: ${problem.message}` }
}

/** `events`, with the problems of a BulkFileError they throw naming the sheet read. */
export async function* namingSheet<T>(
  events: AsyncIterable<T>,
  sheet: () => TableSheet | undefined,
): AsyncGenerator<T> {
  try {
    yield* events
  } catch (error) {
    if (!(error instanceof BulkFileError)) throw error
    throw new BulkFileError(error.problems.map((p) => problemInSheet(p, sheet())))
  }
}

/** The note that says which sheet of a workbook was read, when sheets before it were not. */
export function sheetChosen(sheet: TableSheet): BulkFileProblem {
  const several = sheet.passedOver.length > 1
  const others = sheet.passedOver.map((name) => `'${name}'`).join(', ')
  return {
    code: 'sheet_chosen',
    blocking: false,
    message: `${sheetLabel(sheet.name)} was read: it is the first sheet whose row 1 holds the template's header (fraud_type, fraud_reason…). The sheet${several ? 's' : ''} before it (${others}) ${several ? 'were' : 'was'} not read.`,
  }
}

export type BulkFileProblemCode =
  | 'empty_header'
  | 'missing_column'
  | 'duplicate_column'
  | 'unpaired_account_column'
  | 'no_identifier_column'
  | 'unknown_column'
  | 'no_data_rows'

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

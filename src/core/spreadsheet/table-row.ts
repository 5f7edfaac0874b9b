/** One row of a sheet as the user sees it. */
export interface TableRow {
  /** The row number the spreadsheet shows (row 1 is the header). */
  rowNumber: number
  /** Cell texts from column A on; cells missing at the end of a row are simply absent. */
  cells: string[]
  /**
   * Cells whose content could not be read faithfully (a formula with no saved result): the row
   * must not be taken as it reads, so bulk import rejects it with this message.
   */
  cellIssues?: { columnIndex: number; message: string }[]
}

export interface TableProgress {
  bytesRead: number
  totalBytes: number
  rows: number
}

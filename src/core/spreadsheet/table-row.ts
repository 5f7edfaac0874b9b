/** One row of a sheet as the user sees it. */
export interface TableRow {
  /** The row number the spreadsheet shows (row 1 is the header). */
  rowNumber: number
  /** Cell texts from column A on; cells missing at the end of a row are simply absent. */
  cells: string[]
  /**
   * Cells whose content could not be read faithfully (a formula whose value was never
   * calculated, a quote left open that swallowed the rows after it): the row must not be taken
   * as it reads, so bulk import rejects it with this message.
   */
  cellIssues?: { columnIndex: number; message: string }[]
}

export interface TableProgress {
  bytesRead: number
  totalBytes: number
  rows: number
}

/** The sheet of a workbook that was read, as the reader tells it before the first row. */
export interface TableSheet {
  name: string
  /** Worksheets in the workbook, hidden ones included. */
  sheetCount: number
  /** Sheets before it that were looked at and not read (no header row), in the workbook's order. */
  passedOver: string[]
}

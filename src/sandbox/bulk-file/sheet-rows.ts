import { MAX_BULK_DATA_ROWS } from './bulk-file-limits'
import { refuse } from './bulk-file-refusals'

/** One row of the sheet that holds something, as the spreadsheet numbers and shows it. */
export interface SheetRow {
  /** The row number a spreadsheet program shows (a CSV record's number: a cell over several lines is one row). */
  rowNumber: number
  /** Cell texts from column A on. */
  cells: string[]
  /** Cells whose text is not what the sheet shows (a formula never calculated, an error value), by column index, with why. */
  unreadable?: Map<number, string>
}

/**
 * The rows of a sheet that hold something, the header first: a row of empty (or blank) cells is
 * skipped and not counted, so the bound is on reports, as the README says, not on lines.
 */
export class SheetRows {
  readonly rows: SheetRow[] = []

  add(row: SheetRow): void {
    if (!row.unreadable?.size && row.cells.every((cell) => cell.trim() === '')) return
    if (this.rows.length > MAX_BULK_DATA_ROWS) throw refuse.tooManyRows()
    this.rows.push(row)
  }
}

import type { BulkHeaderMapping } from './bulk-header'
import { cellReference } from './cell-reference'
import type { TableRow } from './table-row'

/** One data row's cells by template header, as the row's checks read them (bulk-row-rules.ts). */
export interface RowCells {
  /** The cell under a template header, '' when the column is missing. */
  cellOf: (column: string) => string
  /** The cell's reference ("F7"), when the column is there. */
  refOf: (column: string) => string | undefined
  /** Reports what is wrong in a cell (once per cell that could not be read). */
  fail: (column: string, message: string) => void
}

/** The cell under each template header of a row, and where it is in the sheet. */
export function cellsOf(
  header: BulkHeaderMapping,
  row: TableRow,
): Pick<RowCells, 'cellOf' | 'refOf'> {
  return {
    cellOf: (column) => {
      const index = header.indexOf.get(column)
      return index === undefined ? '' : (row.cells[index] ?? '')
    },
    refOf: (column) => {
      const index = header.indexOf.get(column)
      return index === undefined ? undefined : cellReference(index, row.rowNumber)
    },
  }
}

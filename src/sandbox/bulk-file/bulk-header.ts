import { BULK_BOOKKEEPING_HEADERS, BULK_COLUMNS } from '../../shared/bulk-template'
import { columnName, refuse } from './bulk-file-refusals'
import { nearestColumn } from './nearest-column'
import type { SheetRow } from './sheet-rows'

/** The header row read against the template (src/shared/bulk-template.ts). */
export interface BulkHeader {
  rowNumber: number
  /** The sheet column of each template column present, by template header. */
  columnOf: Map<string, number>
  /** Sheet columns that have a header (template column or not). */
  headed: Set<number>
  /** Columns that are not read, each a sentence for the answer's message. */
  notRead: string[]
}

/** A header as it is matched: trimmed, lower case, each run of spaces, dashes and underscores one `_`. */
const foldHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_')

const TEMPLATE = new Map(BULK_COLUMNS.map((column) => [foldHeader(column.header), column]))
const TEMPLATE_HEADERS = BULK_COLUMNS.map((column) => column.header)

/**
 * Reads the first row that holds something as the header: the template's column names in any
 * order, case, spaces, dashes and underscores not minding. The required columns must be there,
 * and no column twice (which one would be read?): otherwise the whole file is refused, every
 * problem listed. A column the template does not have is not read, and the answer says so.
 */
export function readBulkHeader(row: SheetRow): BulkHeader {
  const header: BulkHeader = {
    rowNumber: row.rowNumber,
    columnOf: new Map(),
    headed: new Set(),
    notRead: [],
  }
  const problems: string[] = []
  row.cells.forEach((cell, index) => {
    const name = cell.trim()
    const letter = columnName(index)
    const unreadable = row.unreadable?.get(index)
    if (unreadable) {
      problems.push(`Cell ${letter}${row.rowNumber}: ${unreadable}`)
      return
    }
    if (name === '') return
    header.headed.add(index)
    const normalized = foldHeader(name)
    const column = TEMPLATE.get(normalized)
    if (!column) {
      if (BULK_BOOKKEEPING_HEADERS.includes(normalized)) return
      const nearest = nearestColumn(normalized, TEMPLATE_HEADERS)
      header.notRead.push(
        `Column ${letter} "${name}" is not a column of the template and was not read${nearest ? ` (did you mean "${nearest}"?)` : ''}.`,
      )
      return
    }
    const earlier = header.columnOf.get(column.header)
    if (earlier !== undefined) {
      problems.push(
        `Columns ${columnName(earlier)} and ${letter} are both "${column.header}": keep one of them.`,
      )
      return
    }
    header.columnOf.set(column.header, index)
  })
  for (const column of BULK_COLUMNS)
    if (column.required && !header.columnOf.has(column.header))
      problems.push(
        `The header row (row ${row.rowNumber}) has no "${column.header}" column, which every report needs.`,
      )
  if (problems.length > 0) throw refuse.header(problems)
  return header
}

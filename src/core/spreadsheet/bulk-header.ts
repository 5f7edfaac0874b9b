import {
  BULK_BOOKKEEPING_HEADERS,
  BULK_COLUMNS,
  BULK_HEADERS,
  normalizeBulkHeader,
  type BulkColumn,
} from '../../shared/bulk-template'
import { columnLetter } from './cell-reference'
import type { BulkFileProblem } from './bulk-file-error'

export interface BulkHeaderMapping {
  /** Row number of the header row (1 unless the sheet starts lower). */
  rowNumber: number
  /** For each column index of the sheet, the template column it holds; null for others. */
  columns: (BulkColumn | null)[]
  /** Column index of each template column present, by header. */
  indexOf: Map<string, number>
  /** Header text of the columns that are not template columns, by column index. */
  unknown: Map<number, string>
  problems: BulkFileProblem[]
}

const TEMPLATE_BY_NORMALIZED = new Map(BULK_COLUMNS.map((c) => [normalizeBulkHeader(c.header), c]))
const LIST = BULK_HEADERS.join(', ')

/**
 * Reads the header row against the template columns (BULK_COLUMNS): case, spaces, dashes and
 * order do not matter. Missing required columns, a column given twice, an account number
 * without its bank column (or the reverse) and no identifier column at all are blocking;
 * unknown columns are reported and not read.
 */
export function mapBulkHeader(rowNumber: number, cells: readonly string[]): BulkHeaderMapping {
  const columns: (BulkColumn | null)[] = []
  const indexOf = new Map<string, number>()
  const unknown = new Map<number, string>()
  const problems: BulkFileProblem[] = []

  if (cells.every((c) => c.trim() === '')) {
    problems.push({
      code: 'empty_header',
      blocking: true,
      message: `Row ${rowNumber}, the header row, is empty. Row ${rowNumber} must hold the column names of the Casefile bulk template (${LIST}); copy them from the template.`,
    })
    return { rowNumber, columns, indexOf, unknown, problems }
  }

  cells.forEach((cell, index) => {
    const header = cell.trim()
    const column = header ? TEMPLATE_BY_NORMALIZED.get(normalizeBulkHeader(header)) : undefined
    columns.push(column ?? null)
    if (!header) return
    if (!column) {
      unknown.set(index, header)
      return
    }
    const earlier = indexOf.get(column.header)
    if (earlier !== undefined) {
      problems.push({
        code: 'duplicate_column',
        blocking: true,
        column: `${columnLetter(earlier)}, ${columnLetter(index)}`,
        message: `Columns ${columnLetter(earlier)} and ${columnLetter(index)} are both "${column.header}", so Casefile cannot tell which to read. Keep one${column.identifier && !column.account ? ` (several values fit in one cell, separated by ";")` : ''} and delete the other.`,
      })
      columns[index] = null
      return
    }
    indexOf.set(column.header, index)
  })

  for (const column of BULK_COLUMNS) {
    if (column.required && !indexOf.has(column.header))
      problems.push({
        code: 'missing_column',
        blocking: true,
        message: `The header row has no "${column.header}" column, which every report needs (${column.help}). Add the column, or start from the Casefile bulk template.`,
      })
    if (column.account && indexOf.has(column.header)) {
      const partner = BULK_COLUMNS.find(
        (c) =>
          c.account?.index === column.account?.index && c.account?.part !== column.account?.part,
      )
      if (partner && !indexOf.has(partner.header))
        problems.push({
          code: 'unpaired_account_column',
          blocking: true,
          column: columnLetter(indexOf.get(column.header) ?? 0),
          message: `Column "${column.header}" needs its partner column "${partner.header}": an account is its number and its bank together. Add the "${partner.header}" column.`,
        })
    }
  }
  if (!BULK_COLUMNS.some((c) => c.identifier && indexOf.has(c.header)))
    problems.push({
      code: 'no_identifier_column',
      blocking: true,
      message: `The header row has no identifier column, so no report could be found by anything. Add at least one of: ${BULK_COLUMNS.filter(
        (c) => c.identifier && c.account?.part !== 'bank',
      )
        .map((c) => c.header)
        .join(', ')}.`,
    })
  for (const [index, header] of unknown) {
    // Our own row-number and reasons columns (a fixed file of rejected rows): not read, not warned about.
    if (BULK_BOOKKEEPING_HEADERS.includes(normalizeBulkHeader(header))) continue
    problems.push({
      code: 'unknown_column',
      blocking: false,
      column: columnLetter(index),
      message: `Column ${columnLetter(index)} "${header}" is not a template column, so its cells are not read. If it holds report data, rename it to one of: ${LIST}; otherwise you may ignore this or delete the column.`,
    })
  }
  return { rowNumber, columns, indexOf, unknown, problems }
}

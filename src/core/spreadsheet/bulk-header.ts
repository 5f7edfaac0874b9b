import {
  BULK_BOOKKEEPING_HEADERS,
  BULK_COLUMNS,
  BULK_HEADERS,
  normalizeBulkHeader,
  type BulkColumn,
} from '../../shared/bulk-template'
import { columnLetter } from './cell-reference'
import { closestMatch } from '../../shared/did-you-mean'
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

/** The template's numbered columns (attachment_1…, account_number_1…, bank_1…) and how many there are. */
const NUMBERED = ['attachment', 'account_number', 'bank'].map((stem) => {
  const headers = BULK_HEADERS.filter((h) => new RegExp(`^${stem}_\\d+$`).test(h))
  return { stem, headers }
})

/**
 * Whether a row is the template's header row, as far as finding it goes: it names the
 * `fraud_type` column and at least one other template column. The instructions sheet of the
 * template, with one column name per row, is not; a header with a misspelt column still is.
 */
export function looksLikeBulkHeader(cells: readonly string[]): boolean {
  let templateColumns = 0
  let fraudType = false
  for (const cell of cells) {
    const normalized = normalizeBulkHeader(cell)
    if (!TEMPLATE_BY_NORMALIZED.has(normalized)) continue
    templateColumns++
    if (normalized === 'fraud_type') fraudType = true
  }
  return fraudType && templateColumns >= 2
}

/** The header is below row 1 (a title above it): the one problem worth saying then. */
export function headerNotInRow1(headerRowNumber: number): BulkFileProblem {
  return {
    code: 'header_not_in_row_1',
    blocking: true,
    message: `The header must be row 1 of the sheet: delete the rows above it (row ${headerRowNumber} holds the header), then import the file again.`,
  }
}

/** Why a header is not a template column, and the nearest one it may have meant. */
function unknownColumnMessage(letter: string, header: string): string {
  const normalized = normalizeBulkHeader(header)
  const start = `Column ${letter} "${header}" is not a column of the Casefile bulk template, so nothing was imported (its cells would have been left out).`
  const numbered = NUMBERED.find(({ stem }) => new RegExp(`^${stem}_?\\d+$`).test(normalized))
  if (numbered && !numbered.headers.includes(normalized)) {
    const what = numbered.stem === 'attachment' ? 'attachments' : 'accounts'
    return `${start} A report takes at most ${numbered.headers.length} ${what}: ${numbered.headers[0]}…${numbered.headers[numbered.headers.length - 1]}. Move the extra ones to another report, or delete the column, and import again.`
  }
  const nearest = closestMatch(normalized, BULK_HEADERS)
  return nearest
    ? `${start} Did you mean "${nearest}"? Rename the column (or delete it if it holds nothing for the registry) and import again.`
    : `${start} Rename it to one of ${LIST}, or delete the column if it holds nothing for the registry, and import again.`
}

/**
 * Reads the header row against the template columns (BULK_COLUMNS): case, spaces, dashes and
 * order do not matter. Missing required columns, a column given twice, an account number
 * without its bank column (or the reverse), no identifier column at all, and a column that is
 * not a template column are blocking: a column silently left out would drop what the user wrote
 * in it (an `attachment_4`, a misspelt `fraud_reson`).
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
      blocking: true,
      column: columnLetter(index),
      message: unknownColumnMessage(columnLetter(index), header),
    })
  }
  return { rowNumber, columns, indexOf, unknown, problems }
}

import { yieldToLoop } from '../cache/cache'
import type { ScreeningMapping } from '../../shared/contracts/screening'
import type { IdentifierType } from '../../shared/domain/identifiers'
import {
  cellReference,
  columnLetter,
  readTableRows,
  type TableLimits,
  type TableSource,
  HEADER_SEARCH_ROWS,
  type TableRow,
} from '../spreadsheet/index'
import { accountPairs, looksLikeHeader, headerScore } from './screening-columns'
import {
  compactNumber,
  readAccount,
  readIdentifierCell,
  type BankLookup,
} from './screening-normalize'

/** One identifier of an input row: normalized, with the cell it came from. */
export interface ScreeningValue {
  label: IdentifierType
  value: string
  /** The column's header (its letter when it has none), or "line". */
  column: string
  written: string
}

export interface ScreeningRow {
  rowNumber: number
  cells: string[]
  values: ScreeningValue[]
}

export interface ScreeningProblem {
  row: number
  column: string
  cell?: string
  value: string
  message: string
}

export interface ScreeningInput {
  header: string[]
  rows: ScreeningRow[]
  problems: ScreeningProblem[]
}

export interface ScreeningTable {
  header: string[]
  /** The row the header is on, as the spreadsheet shows it (below title rows, or as asked). */
  headerRow: number
  rows: TableRow[]
}

const isEmpty = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '')

/** The sheet's header row is not where the person says, or the sheet has no such row. */
export class HeaderRowError extends Error {
  override name = 'HeaderRowError'
  constructor(readonly row: number) {
    super(`Row ${row} of the sheet is empty or not there: give the row the column names are on.`)
  }
}

/**
 * The header row among a sheet's first rows, as a bank's report exports them with title rows
 * above the table: of the first HEADER_SEARCH_ROWS rows (the bulk import's reach), the one whose
 * cells name the most identifier columns, the first on a tie, when every row above it is
 * narrower (a title and its date line are; a data row of a list whose header names nothing
 * Casefile knows, like `type,value`, is not); else the first row with anything in it.
 */
function chooseHeader(first: readonly TableRow[]): TableRow | undefined {
  const filled = (row: TableRow) => headerScore(row.cells)[1]
  let best: TableRow | undefined
  let bestNamed = 0
  for (const row of first) {
    if (!looksLikeHeader(row.cells)) continue
    const [named] = headerScore(row.cells)
    if (named > bestNamed) {
      best = row
      bestNamed = named
    }
  }
  const top = first.find((row) => !isEmpty(row.cells))
  if (!best || !top) return top
  const width = filled(best)
  const above = first.filter((row) => row.rowNumber < (best?.rowNumber ?? 0) && !isEmpty(row.cells))
  return above.every((row) => filled(row) < width) ? best : top
}

/**
 * A sheet's header and the rows with something below it. The header is found below title
 * rows (chooseHeader), or is row `headerRow` when given; the header is as wide as the widest
 * row, so that every column of a row is kept (a column without a header is named by its letter).
 */
export async function readScreeningTable(
  source: TableSource,
  options: { limits?: Partial<TableLimits>; headerRow?: number } = {},
): Promise<ScreeningTable> {
  const wanted = options.headerRow
  const first: TableRow[] = []
  let header: TableRow | undefined
  let decided = false
  const rows: TableRow[] = []
  const take = (row: TableRow) => {
    if (!isEmpty(row.cells) || row.cellIssues?.length) rows.push(row)
  }
  const decide = () => {
    decided = true
    header = wanted === undefined ? chooseHeader(first) : first.find((r) => r.rowNumber === wanted)
    if (wanted !== undefined && (!header || isEmpty(header.cells))) throw new HeaderRowError(wanted)
    for (const row of first) if (header && row.rowNumber > header.rowNumber) take(row)
  }
  const reading = readTableRows(source, { limits: options.limits, isHeaderRow: looksLikeHeader })
  for await (const row of reading) {
    if (header) take(row)
    else if (decided) {
      // Nothing in the first rows: the first row with anything in it is the header.
      if (!isEmpty(row.cells)) header = row
    } else {
      first.push(row)
      if (row.rowNumber >= (wanted ?? HEADER_SEARCH_ROWS)) decide()
    }
  }
  if (!decided) decide()
  if (!header) return { header: [], headerRow: 1, rows: [] }
  const width = Math.max(header.cells.length, ...rows.map((row) => row.cells.length))
  const cells = header.cells
  const names = Array.from({ length: width }, (_, i) => cells[i]?.trim() ?? '')
  return { header: names, headerRow: header.rowNumber, rows }
}

/** How accounts without a bank cell are read: screening's choices (the watchlist takes none). */
export interface AccountOptions {
  /** The slug of the bank every account of the file is at, where its row names none (--bank). */
  bank?: string
  /** Search an account with no bank at the banks its check digit fits (bank guessed). */
  guess?: boolean
}

/** Every row's identifiers by the mapping; every cell that cannot be read is a problem, never dropped. */
/** Rows read between two turns of the core's loop (10,000 rows at once: 200 ms and more). */
const ROWS_AT_ONCE = 500

export async function screeningInputOf(
  table: Omit<ScreeningTable, 'headerRow'>,
  mapping: ScreeningMapping,
  banks: BankLookup,
  accounts: AccountOptions = {},
): Promise<ScreeningInput> {
  const nameOf = (index: number) => table.header[index] || columnLetter(index)
  const pairs = accountPairs(mapping)
  const others = mapping.filter(
    (m) => m.type !== 'account' && m.type !== 'bank' && m.type !== 'ignore',
  )
  const problems: ScreeningProblem[] = []
  const rows: ScreeningRow[] = []
  for (const [index, row] of table.rows.entries()) {
    if (index > 0 && index % ROWS_AT_ONCE === 0) await yieldToLoop()
    const cell = (index: number) => row.cells[index] ?? ''
    const problem = (index: number, message: string) =>
      problems.push({
        row: row.rowNumber,
        column: nameOf(index),
        cell: cellReference(index, row.rowNumber),
        value: cell(index),
        message,
      })
    const unreadable = new Set<number>()
    for (const issue of row.cellIssues ?? []) {
      unreadable.add(issue.columnIndex)
      problem(issue.columnIndex, issue.message)
    }
    const values: ScreeningValue[] = []
    for (const pair of pairs) {
      const written = cell(pair.number)
      const bankWritten = pair.bank === null ? '' : cell(pair.bank)
      if (unreadable.has(pair.number) || (pair.bank !== null && unreadable.has(pair.bank))) continue
      if (written.trim() === '') {
        if (bankWritten.trim() !== '' && pair.bank !== null)
          problem(
            pair.bank,
            `The bank is given but its account number (${nameOf(pair.number)}) is empty.`,
          )
        continue
      }
      const read = readAccount(
        written,
        bankWritten.trim() === '' && accounts.bank ? accounts.bank : bankWritten,
        banks.slugOf,
        banks.codeOf,
        accounts.guess ? banks.fitting : undefined,
      )
      if (read.ok)
        values.push({
          label: 'account',
          value: read.value,
          column: nameOf(pair.number),
          written: written.trim(),
        })
      else problem(read.onBank && pair.bank !== null ? pair.bank : pair.number, read.message)
    }
    for (const { column, type } of others) {
      const written = cell(column)
      if (written.trim() === '' || unreadable.has(column)) continue
      const read = readIdentifierCell(type as IdentifierType, written)
      if (read.ok)
        values.push({
          label: type as IdentifierType,
          value: read.value,
          column: nameOf(column),
          written: written.trim(),
        })
      else problem(column, read.message)
    }
    if (values.length > 0 || !isEmpty(row.cells))
      rows.push({ rowNumber: row.rowNumber, cells: row.cells, values })
  }
  return { header: table.header, rows, problems }
}

/** What a pasted value is, when the list does not say: a phone, an email, an account with its bank… */
export function detectIdentifierType(written: string): IdentifierType | { problem: string } {
  const text = written.trim()
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) return 'email'
  if (/^@[\w.]+$/.test(text)) return 'social_handle'
  if (/^\d[\d\s-]{8,12}\d(_|\s+[^\d\s])/.test(text)) return 'account'
  const number = compactNumber(text)
  if ('lost' in number) return 'phone'
  const digits = number.text
  if (/^\+\d{8,15}$/.test(digits) || /^(234|0)[789][01]\d{8}$/.test(digits)) return 'phone'
  if (/^22\d{9}$/.test(digits)) return 'bvn'
  if (/^\d{11}$/.test(digits))
    return {
      problem:
        'Eleven digits may be a BVN or a NIN: paste BVNs and NINs as lists of their own type.',
    }
  if (/^\d{10}$/.test(digits))
    return {
      problem:
        'Ten digits may be an account number (write its bank after it: 0123456789 Access Bank) or a phone without its 0.',
    }
  return { problem: 'Casefile cannot tell what this is: paste it in a list of its own type.' }
}

/** A pasted list: one value per line, its type given or detected; a line is a row. */
export function screeningInputOfList(
  text: string,
  type: IdentifierType | undefined,
  banks: BankLookup,
  accounts: AccountOptions = {},
): ScreeningInput {
  const problems: ScreeningProblem[] = []
  const rows: ScreeningRow[] = []
  text.split(/\r\n|\n|\r/).forEach((line, index) => {
    const written = line.trim()
    if (written === '') return
    const rowNumber = index + 1
    const fail = (message: string) =>
      problems.push({ row: rowNumber, column: 'line', value: written, message })
    const detected = type ?? detectIdentifierType(written)
    rows.push({ rowNumber, cells: [written], values: [] })
    if (typeof detected !== 'string') return fail(detected.problem)
    let read
    if (detected === 'account') {
      // "0123456789_access-bank", "0123456789 Access Bank", "0123456789, 044".
      const split = /^([\d\s-]+?)(?:_|[\s,;]+)(.+)$/.exec(written)
      const guess = accounts.guess ? banks.fitting : undefined
      read = split
        ? readAccount(split[1] ?? '', split[2] ?? '', banks.slugOf, banks.codeOf, guess)
        : readAccount(written, accounts.bank ?? '', banks.slugOf, banks.codeOf, guess)
    } else read = readIdentifierCell(detected, written)
    if (!read.ok) return fail(read.message)
    rows.at(-1)?.values.push({ label: detected, value: read.value, column: 'line', written })
  })
  return { header: ['value'], rows, problems }
}

import type { ScreeningMapping } from '../../shared/contract-screening'
import type { IdentifierType } from '../../shared/domain/identifiers'
import { cellReference, columnLetter } from '../spreadsheet/cell-reference'
import { readTableRows, type TableLimits, type TableSource } from '../spreadsheet/read-table'
import type { TableRow } from '../spreadsheet/table-row'
import { accountPairs } from './screening-columns'
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
  rows: TableRow[]
}

const isEmpty = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '')

/** A sheet's header (its first row with anything in it) and the rows with something below it. */
export async function readScreeningTable(
  source: TableSource,
  limits?: Partial<TableLimits>,
): Promise<ScreeningTable> {
  let header: string[] | null = null
  const rows: TableRow[] = []
  for await (const row of readTableRows(source, { limits })) {
    if (header === null) {
      if (!isEmpty(row.cells)) header = row.cells.map((cell) => cell.trim())
      continue
    }
    if (!isEmpty(row.cells) || row.cellIssues?.length) rows.push(row)
  }
  return { header: header ?? [], rows }
}

/** Every row's identifiers by the mapping; every cell that cannot be read is a problem, never dropped. */
export function screeningInputOf(
  table: ScreeningTable,
  mapping: ScreeningMapping,
  banks: BankLookup,
): ScreeningInput {
  const nameOf = (index: number) => table.header[index] || columnLetter(index)
  const pairs = accountPairs(mapping)
  const others = mapping.filter(
    (m) => m.type !== 'account' && m.type !== 'bank' && m.type !== 'ignore',
  )
  const problems: ScreeningProblem[] = []
  const rows: ScreeningRow[] = []
  for (const row of table.rows) {
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
      const read = readAccount(written, bankWritten, banks.slugOf, banks.codeOf)
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
      read = split
        ? readAccount(split[1] ?? '', split[2] ?? '', banks.slugOf, banks.codeOf)
        : readAccount(written, '', banks.slugOf, banks.codeOf)
    } else read = readIdentifierCell(detected, written)
    if (!read.ok) return fail(read.message)
    rows.at(-1)?.values.push({ label: detected, value: read.value, column: 'line', written })
  })
  return { header: ['value'], rows, problems }
}

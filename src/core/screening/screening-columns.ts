import { createHash } from 'node:crypto'
import {
  SCREENING_COLUMN_TYPES,
  type ScreeningColumnType,
  type ScreeningMapping,
} from '../../shared/contracts/screening'
import { type Db, prepare } from '../store/store'
import { columnIndexOfReference, columnLetter } from '../spreadsheet/index'
import type { InputProblem } from '../input-error'

/*
 * Which column of a sheet holds what. The screening template's headers name their types
 * (resources/casefile-screening-template.csv); any other sheet gets a suggestion from its
 * headers' words, which a person corrects (`--map COLUMN=TYPE`, or the window's mapper), and
 * the mapping used is remembered for that set of headers, so the next export of the same
 * system's report maps itself.
 */

const fold = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '')

/** Header words, most telling first: the first rule a folded header matches gives its type. */
const RULES: readonly [RegExp, ScreeningColumnType][] = [
  [/^(accountname|acctname|accountholder|beneficiaryname)/, 'account_name'],
  [/bvn|bankverification/, 'bvn'],
  [/^nin$|^nin\d|ninnumber|nationalidentification|nationalid/, 'nin'],
  [/phone|mobile|msisdn|telephone|^tel|gsm/, 'phone'],
  [/email|^mail/, 'email'],
  [/passport/, 'international_passport'],
  [/driver|licen[cs]e/, 'drivers_license'],
  [/handle|social|instagram|twitter|facebook|tiktok/, 'social_handle'],
  [/^bank(name|code|slug)?\d*$|^(beneficiary|destination|receiving)?bank|institution/, 'bank'],
  [/account|acct|nuban|accno/, 'account'],
]

/** The type a header's words suggest, or 'ignore'. */
export function suggestColumnType(header: string): ScreeningColumnType {
  const folded = fold(header)
  if (folded === '') return 'ignore'
  if ((SCREENING_COLUMN_TYPES as readonly string[]).includes(header.trim().toLowerCase()))
    return header.trim().toLowerCase() as ScreeningColumnType
  return RULES.find(([pattern]) => pattern.test(folded))?.[1] ?? 'ignore'
}

/**
 * How much a row looks like a list's header: the cells that name an identifier column (a bank
 * column not counted), then the cells with anything in them.
 */
export function headerScore(cells: readonly string[]): [number, number] {
  let named = 0
  let filled = 0
  for (const cell of cells) {
    if (cell.trim() === '') continue
    filled++
    // A value (an email, a number) is not a column's name, whatever its words.
    if (/@|\d{4}/.test(cell)) continue
    const type = suggestColumnType(cell)
    if (type !== 'ignore' && type !== 'bank') named++
  }
  return [named, filled]
}

/** A header row, not a title above it: two cells or more, one of them naming an identifier. */
export function looksLikeHeader(cells: readonly string[]): boolean {
  const [named, filled] = headerScore(cells)
  return named >= 1 && filled >= 2
}

export function suggestMapping(header: readonly string[]): ScreeningMapping {
  return header.flatMap((name, column) => {
    const type = suggestColumnType(name)
    return type === 'ignore' ? [] : [{ column, type }]
  })
}

/** The key a mapping is remembered under: the sheet's headers, folded, in order. */
export function headerKey(header: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify(header.map((name) => name.trim().toLowerCase())))
    .digest('hex')
}

export function rememberedMapping(db: Db, header: readonly string[]): ScreeningMapping | null {
  const row = prepare<[string], { mapping_json: string }>(
    db,
    'SELECT mapping_json FROM screening_mappings WHERE header_key = ?',
  ).get(headerKey(header))
  if (!row) return null
  try {
    const parsed = JSON.parse(row.mapping_json) as ScreeningMapping
    return Array.isArray(parsed) ? parsed.filter((m) => m.column < header.length) : null
  } catch {
    return null
  }
}

export function rememberMapping(
  db: Db,
  header: readonly string[],
  mapping: ScreeningMapping,
  now: number,
): void {
  prepare(
    db,
    `INSERT INTO screening_mappings (header_key, mapping_json, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (header_key) DO UPDATE SET mapping_json = excluded.mapping_json,
       updated_at = excluded.updated_at`,
  ).run(headerKey(header), JSON.stringify(mapping), now)
}

/**
 * A column named by its header (any case) or its letter, given a type: the column's index, or
 * why it cannot be (a code and the facts; `written` is how the person wrote the pair).
 */
export function columnTypeOf(
  given: ColumnTypeGiven,
  header: readonly string[],
): { column: number; type: ScreeningColumnType } | { problem: InputProblem; message: string } {
  const name = given.column.trim()
  const type = given.type.trim().toLowerCase()
  const written = given.written ?? `${given.column}=${given.type}`
  if (!(SCREENING_COLUMN_TYPES as readonly string[]).includes(type))
    return {
      problem: { code: 'unknown_column_type', written, type, types: SCREENING_COLUMN_TYPES },
      message: `"${type}" is not a type; use one of ${SCREENING_COLUMN_TYPES.join(', ')}.`,
    }
  let column = header.findIndex((cell) => cell.trim().toLowerCase() === name.toLowerCase())
  if (column < 0 && /^[a-z]{1,3}$/i.test(name)) column = columnIndexOfReference(name)
  if (column < 0) {
    const columns = header.map((h, i) => ({ letter: columnLetter(i), name: h }))
    return {
      problem: { code: 'no_such_column', written, name, columns },
      message: `The sheet has no column "${name}". Its columns: ${columns.map((c) => `${c.letter} "${c.name}"`).join(', ')}.`,
    }
  }
  return { column, type: type as ScreeningColumnType }
}

/** A column and the type it holds, as a person names them (a header or a letter). */
export interface ColumnTypeGiven {
  column: string
  type: string
  /** How the person wrote the pair, for the words of a refusal. */
  written?: string
}

/** A mapping with `changes` laid over it: a column given again takes its new type. */
export function withChanges(base: ScreeningMapping, changes: ScreeningMapping): ScreeningMapping {
  const byColumn = new Map(base.map((m) => [m.column, m.type]))
  for (const change of changes) byColumn.set(change.column, change.type)
  return [...byColumn]
    .filter(([, type]) => type !== 'ignore')
    .map(([column, type]) => ({ column, type }))
    .sort((a, b) => a.column - b.column)
}

/** Account columns with their bank columns, paired in order (the first with the first). */
export function accountPairs(mapping: ScreeningMapping): { number: number; bank: number | null }[] {
  const banks = mapping.filter((m) => m.type === 'bank').map((m) => m.column)
  return mapping
    .filter((m) => m.type === 'account')
    .map((m, n) => ({ number: m.column, bank: banks[n] ?? null }))
}

import type { ScreeningMapping, ScreeningPreview } from '../../shared/contracts/screening'
import type { IdentifierType } from '../../shared/domain/identifiers'
import type { CoreContext } from '../core-context'
import { listBanks, ensureBankList } from '../banks/banks'
import { type TableSource, columnLetter } from '../spreadsheet/index'
import { InputError, type InputProblem } from '../input-error'
import {
  columnTypeOf,
  type ColumnTypeGiven,
  rememberMapping,
  rememberedMapping,
  suggestMapping,
  withChanges,
} from './screening-columns'
import {
  HeaderRowError,
  readScreeningTable,
  screeningInputOf,
  screeningInputOfList,
  type ScreeningInput,
  type ScreeningTable,
} from './screening-input'
import { bankLookup, type BankLookup } from './screening-normalize'

/*
 * A list to screen, read as a bank's extract comes: its header found below title rows (or the
 * row the user names), its columns mapped, one bank named for a file of one bank's accounts,
 * and every value read (screening-input.ts) before the job is written (screening.ts).
 */

/**
 * Why a list cannot be screened, for the problems a front words itself (a command names its
 * options and commands, the window its buttons): a code and the facts.
 */
export type ScreeningRefusal = Extract<
  InputProblem,
  { code: 'no_bank_list' | 'no_identifier_column' }
>

/**
 * The list cannot be screened as it is: the message says what to change, in words the window
 * shows; `problem` (InputError's) the code and facts each front words itself.
 */
export class ScreeningInputError extends InputError {
  override name = 'ScreeningInputError'
}

/** The types a column may be mapped to, as said to a person. */
export const MAPPABLE_TYPES =
  'account (with a bank column, or one bank for the whole file), bvn, nin, phone, email, drivers_license, international_passport, account_name, social_handle'

export type ScreeningSourceInput =
  | { kind: 'table'; fileName: string; table: TableSource }
  | { kind: 'list'; fileName: string; text: string; type?: IdentifierType }

export interface ReadOptions {
  /** The whole mapping (the window's mapper); else the remembered or suggested one. */
  mapping?: ScreeningMapping
  /** Laid over the remembered or suggested mapping (the window's single changes). */
  changes?: ScreeningMapping
  /** Columns given a type by header or letter (the CLI's --map), laid over it too. */
  columnTypes?: readonly ColumnTypeGiven[]
  /** The row the column names are on (1 = the sheet's first); else found below title rows. */
  headerRow?: number
  /**
   * The bank of every account of the file whose row names none (--bank: a name, slug or CBN
   * code). Without it, such an account is searched at the banks its check digit fits.
   */
  bank?: string
  /** Match against the cache only (the bank list is not fetched). */
  offline?: boolean
}

function banksOf(core: CoreContext): BankLookup {
  return bankLookup(listBanks(core.db))
}

/** The bank list, fetched first when this computer has none yet (as the import does). */
export async function ensureBanks(core: CoreContext, offline: boolean): Promise<void> {
  if (!offline) await ensureBankList(core)
}

async function tableOf(table: TableSource, headerRow?: number): Promise<ScreeningTable> {
  try {
    return await readScreeningTable(table, { headerRow })
  } catch (error) {
    if (error instanceof HeaderRowError)
      throw new ScreeningInputError(error.message, { code: 'header_row_empty', row: error.row })
    throw error
  }
}

export async function previewScreening(
  core: CoreContext,
  table: TableSource,
  options: { headerRow?: number } = {},
): Promise<ScreeningPreview> {
  const read = await tableOf(table, options.headerRow)
  const remembered = rememberedMapping(core.db, read.header)
  return {
    columns: read.header.map((name, index) => ({ index, letter: columnLetter(index), name })),
    mapping: remembered ?? suggestMapping(read.header),
    remembered: remembered !== null,
    headerRow: read.headerRow,
    sample: read.rows.slice(0, 5).map((row) => row.cells),
    dataRows: read.rows.length,
  }
}

/** The slug of the bank `--bank` names, or what to write instead. */
function bankOf(banks: BankLookup, written: string | undefined): string | undefined {
  if (written === undefined || written.trim() === '') return undefined
  if (!banks.known)
    throw new ScreeningInputError(
      `The bank list is not on this computer yet, so "${written}" cannot be read as a bank: refresh the bank list (or connect once) and screen again.`,
      { code: 'no_bank_list', bank: written },
    )
  const slug = banks.slugOf(written)
  if (!slug)
    throw new ScreeningInputError(
      `Bank "${written}" is not in the bank list: give the bank's name as the list has it, its slug or its CBN code.`,
      { code: 'unknown_bank', written },
    )
  return slug
}

/** Every row read and normalized by its mapping: the input a job is written from. */
export async function screeningInputFor(
  core: CoreContext,
  source: ScreeningSourceInput,
  options: ReadOptions,
): Promise<ScreeningInput> {
  const banks = banksOf(core)
  const accounts = { bank: bankOf(banks, options.bank), guess: true }
  if (source.kind === 'list') return screeningInputOfList(source.text, source.type, banks, accounts)
  const table = await tableOf(source.table, options.headerRow)
  if (table.header.length === 0)
    throw new ScreeningInputError('The sheet is empty: nothing to screen.')
  const base =
    options.mapping ?? rememberedMapping(core.db, table.header) ?? suggestMapping(table.header)
  const fromArguments = (options.columnTypes ?? []).map((given) => {
    const parsed = columnTypeOf(given, table.header)
    if ('problem' in parsed) throw new ScreeningInputError(parsed.message, parsed.problem)
    return parsed
  })
  const mapping = withChanges(base, [...(options.changes ?? []), ...fromArguments])
  if (!mapping.some((m) => m.type !== 'bank' && m.type !== 'ignore'))
    throw new ScreeningInputError(
      `No column says which identifier it holds: map them. Columns: ${table.header.map((h, i) => `${columnLetter(i)} "${h}"`).join(', ')}. Types: ${MAPPABLE_TYPES}.${table.headerRow > 1 ? ` The column names were read from row ${table.headerRow}.` : ''}`,
      {
        code: 'no_identifier_column',
        columns: table.header.map((name, i) => ({ letter: columnLetter(i), name })),
        headerRow: table.headerRow,
      },
    )
  if (mapping.some((m) => m.type === 'account') && !banks.known)
    throw new ScreeningInputError(
      "The bank list is not on this computer yet, so the accounts' banks cannot be read: refresh the bank list (or connect once) and screen again.",
      { code: 'no_bank_list' },
    )
  rememberMapping(core.db, table.header, mapping, core.clock.now())
  return screeningInputOf(table, mapping, banks, accounts)
}

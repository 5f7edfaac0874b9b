import {
  BULK_COLUMNS,
  BULK_MULTI_VALUE_SEPARATOR,
  type BulkColumn,
} from '../../shared/bulk-template'
import {
  checkIdentifierValue,
  normalizeIdentifierValue,
  NUBAN_LENGTH,
  type IdentifierType,
} from '../../shared/domain'
import { createBankResolver, type BulkBank } from './bank-resolver'
import type { BulkHeaderMapping } from './bulk-header'
import type { RowCells } from './bulk-row-cells'

/** What a bank slug looks like (access-bank, gtbank): a name or a CBN code does not. */
const SLUG_SHAPE = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Stands in for a bank that could not be resolved, so the account number is still checked. */
const UNRESOLVED_BANK = 'unresolved-bank'

/** Where each identifier of the draft came from, to put its error on the right cell. */
export interface IdentifierSource {
  type: IdentifierType
  column: string
  bankColumn?: string
  /** The bank cell is already reported (empty or not in the list). */
  bankReported?: boolean
  written: string
}

/** The digits each numbered identifier has, to say how many a wrong one has instead. */
const DIGITS_OF: Partial<Record<IdentifierType, number>> = {
  account: NUBAN_LENGTH,
  bvn: 11,
  nin: 11,
}

/**
 * Why a number-like identifier may have been mangled by the spreadsheet program (leading zero
 * dropped, scientific notation), or how many digits it has: appended to the shared message so
 * the fix is obvious. The dropped zero is named only when a leading zero would make it valid.
 */
export function numberMangledHint(type: IdentifierType, written: string): string {
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(written))
    return ` The spreadsheet turned the number into "${written}": format the column as Text and type the number again.`
  if (!/^\d+$/.test(written)) return ''
  const zeroed = type === 'account' ? `0${written}_bank` : `0${written}`
  if (written[0] !== '0' && checkIdentifierValue(type, zeroed) === null)
    return ' If it began with 0, the spreadsheet dropped the zero: format the column as Text and type the number again.'
  const digits = DIGITS_OF[type]
  if (digits === undefined || written.length === digits) return ''
  return ` This one has ${written.length} digit${written.length === 1 ? '' : 's'}.`
}

/** A row's identifiers as written, before the shared report schema checks them. */
export interface IdentifierCells {
  identifiers: { label: IdentifierType; value: string }[]
  /** Where each identifier came from, in the same order. */
  sources: IdentifierSource[]
  /** How many identifier cells were already reported (a number without its bank, a bank not found). */
  cellErrors: number
}

/**
 * The identifier cells of a sheet's rows: each account number with its bank (resolved by name,
 * slug or code against the bank list, or passed on as a slug without one), and the cells that
 * hold one or more phones, emails and other identifiers.
 */
export function createIdentifierCellReader(
  header: BulkHeaderMapping,
  /** As the row mapper takes them (BulkRowOptions in bulk-row-rules.ts). */
  options: { banks?: readonly BulkBank[]; banksUnavailable?: string },
): (cells: RowCells) => IdentifierCells {
  const banks = options.banks
  const resolveBank = banks ? createBankResolver(banks) : null
  const bankExample = banks?.[0] ? ` (e.g. "${banks[0].name}" or ${banks[0].slug})` : ''
  const present = (c: BulkColumn) => header.indexOf.has(c.header)
  const accountGroups = BULK_COLUMNS.filter((c) => c.account?.part === 'number' && present(c)).map(
    (numberColumn) => ({
      number: numberColumn.header,
      bank:
        BULK_COLUMNS.find(
          (c) => c.account?.part === 'bank' && c.account.index === numberColumn.account?.index,
        )?.header ?? '',
    }),
  )
  const multiValueColumns = BULK_COLUMNS.filter((c) => c.identifier && !c.account && present(c))

  return ({ cellOf, fail }) => {
    const identifiers: { label: IdentifierType; value: string }[] = []
    const sources: IdentifierSource[] = []
    let identifierCellErrors = 0
    for (const group of accountGroups) {
      const number = cellOf(group.number).trim()
      const bankText = cellOf(group.bank).trim()
      if (number === '' && bankText === '') continue
      if (number === '') {
        identifierCellErrors++
        fail(
          group.number,
          `${group.bank} names a bank but ${group.number} is empty: write the 10-digit account number, or clear ${group.bank}.`,
        )
        continue
      }
      // Without a list, only a slug can be passed on (for the registry to check): a name or a
      // code would reach it as a bank that does not exist, or be created under another slug.
      const slug =
        bankText === ''
          ? null
          : resolveBank
            ? resolveBank(bankText)
            : SLUG_SHAPE.test(bankText.toLowerCase())
              ? bankText.toLowerCase()
              : null
      if (slug === null) {
        identifierCellErrors++
        fail(
          group.bank,
          bankText === ''
            ? `${group.number} has an account number but ${group.bank} is empty: write the bank's name as the bank list has it, or its slug${bankExample}.`
            : resolveBank
              ? `Bank "${bankText}" is not in the bank list. Write the bank's name as the bank list has it, or its slug${bankExample}; if the bank is new, refresh the bank list and import again.`
              : `Bank "${bankText}" cannot be looked up: ${options.banksUnavailable ?? 'the bank list is not on this computer yet'}. Connect to the registry and import the file again (the list is then fetched first), or write the bank's slug as the bank list has it (for example access-bank).`,
        )
      }
      // With the bank already reported, the number is still checked, under a stand-in slug.
      identifiers.push({
        label: 'account',
        value: normalizeIdentifierValue('account', `${number}_${slug ?? UNRESOLVED_BANK}`),
      })
      sources.push({
        type: 'account',
        column: group.number,
        bankColumn: group.bank,
        bankReported: slug === null,
        written: number,
      })
    }
    for (const column of multiValueColumns) {
      const type = column.identifier as IdentifierType
      for (const part of cellOf(column.header).split(BULK_MULTI_VALUE_SEPARATOR)) {
        const written = part.trim()
        if (written === '') continue
        identifiers.push({ label: type, value: normalizeIdentifierValue(type, written) })
        sources.push({ type, column: column.header, written })
      }
    }
    return { identifiers, sources, cellErrors: identifierCellErrors }
  }
}

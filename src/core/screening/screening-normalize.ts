import {
  IDENTIFIER_TYPE_LABELS,
  checkIdentifierValue,
  normalizeIdentifierValue,
  splitAccountValue,
  type IdentifierType,
} from '../../shared/domain/identifiers'
import { banksFittingNuban, nubanFitsBank } from '../../shared/domain/nuban'
import { createBankResolver, type BulkBank } from '../spreadsheet/index'

/*
 * One cell of a list to screen, as a person or a spreadsheet program wrote it, in the one form
 * the editor stores and the registry is searched with: spaces, dashes and dots dropped from
 * numbers, +234 and the other phone spellings as 080…, an Excel number saved as 8.03E+09 or
 * 8031234567.0 read back as its digits (or refused when the program rounded them away), a
 * leading zero the program dropped restored where the number's own rules say it was there,
 * a bank by its name, slug or CBN code, e-mails in lower case.
 */

export type CellReading =
  | {
      ok: true
      value: string
      /** An account without its bank, to search at these banks (its check digit fits them). */
      guessedBanks?: string[]
    }
  | { ok: false; message: string; /** An account number given without any bank. */ noBank?: true }

const SPACES = /[\s\u00a0\u2007\u202f]/g
const SCIENTIFIC = /^([+-]?)(\d+)(?:[.,](\d+))?e\+?(\d+)$/i
/** The advice for a number a spreadsheet took for a number (a caller reading typed text drops it). */
export const SPREADSHEET_TEXT_HINT =
  ' Format the column as Text in the spreadsheet and type the number again.'
const TEXT_HINT = SPREADSHEET_TEXT_HINT

/** Digits (and a leading +) of a number-like cell; `lost` when the program rounded digits away. */
export function compactNumber(written: string): { text: string } | { lost: string } {
  let text = written.trim().replace(SPACES, '').replace(/^'/, '')
  const scientific = SCIENTIFIC.exec(text)
  if (scientific) {
    const [, sign = '', whole = '', fraction = '', exponent = '0'] = scientific
    const shift = Number(exponent)
    // 8.03123E+09: six digits shown of ten: the rest were rounded away when the file was saved.
    if (fraction.length < shift) return { lost: written.trim() }
    if (fraction.length > shift) return { text: written.trim() }
    text = `${sign}${whole}${fraction}`
  }
  text = text.replace(/\.0+$/, '').replace(/[-\u2010-\u2015().]/g, '')
  return { text }
}

function lostMessage(label: string, lost: string): string {
  return `The spreadsheet saved this ${label} as the number ${lost}, with its last digits rounded away: the value cannot be read.${TEXT_HINT}`
}

/** A phone, BVN, NIN, email or free-text identifier cell (an account goes by readAccount). */
export function readIdentifierCell(type: IdentifierType, written: string): CellReading {
  const label = IDENTIFIER_TYPE_LABELS[type]
  if (written.trim() === '') return { ok: false, message: `${label} is empty.` }
  let value: string
  switch (type) {
    case 'phone':
    case 'bvn':
    case 'nin': {
      const number = compactNumber(written)
      if ('lost' in number) return { ok: false, message: lostMessage(label, number.lost) }
      value = type === 'phone' ? normalizeIdentifierValue('phone', number.text) : number.text
      // A NIN may begin with 0, which a spreadsheet's number drops: ten digits are put back to eleven.
      if (type === 'nin' && /^\d{10}$/.test(value)) value = `0${value}`
      break
    }
    case 'email':
      value = normalizeIdentifierValue('email', written.trim().replace(/^mailto:/i, ''))
      break
    case 'account_name':
      value = written.trim().replace(/\s+/g, ' ')
      break
    case 'account':
      return readAccount(written, '', () => null)
    default:
      value = normalizeIdentifierValue(type, written)
  }
  const problem = checkIdentifierValue(type, value)
  if (!problem) return { ok: true, value }
  const hint = /^\d+$/.test(value) && type !== 'phone' ? TEXT_HINT : ''
  return { ok: false, message: `${problem}${hint}` }
}

export interface BankLookup {
  /** The slug of a bank written by its name, slug or CBN code; null when the list has none. */
  slugOf(written: string): string | null
  codeOf(slug: string): string | null
  /** The slugs of the banks whose CBN code fits a 10-digit account number's check digit. */
  fitting(accountNumber: string): string[]
  /** Whether the bank list is on this computer at all. */
  known: boolean
}

export function bankLookup(banks: readonly (BulkBank & { code?: string | null })[]): BankLookup {
  const resolve = createBankResolver(banks)
  const codes = new Map(banks.map((bank) => [bank.slug, bank.code ?? null]))
  return {
    known: banks.length > 0,
    codeOf: (slug) => codes.get(slug) ?? null,
    fitting: (accountNumber) => banksFittingNuban(accountNumber, banks).map((bank) => bank.slug),
    slugOf(written) {
      const text = written.trim()
      const direct = resolve(text)
      if (direct) return direct
      // A CBN code saved as a number loses its leading zeros: 44 was 044, 103 may be 00103.
      const digits = compactNumber(text)
      if (!('text' in digits) || !/^\d{1,5}$/.test(digits.text)) return null
      for (const width of [3, 5, 6]) {
        const slug = resolve(digits.text.padStart(width, '0'))
        if (slug) return slug
      }
      return null
    },
  }
}

/**
 * An account: a cell holding `<number>_<slug>`, or a number with the bank from its pair column
 * (a name, slug or code). Returns the value `<account>_<slug>`, or what is wrong; `onBank`
 * says the problem is the bank cell's.
 *
 * Leading zeros a spreadsheet's number dropped (one or several: 0012345678 saved as 12345678)
 * are put back when the check digit proves them: the number padded to 10 digits fits the
 * bank's CBN code. A bank without a code in the list gets back one zero only, as before the
 * check digit could be asked. With `guess` (screening) an account without any bank is searched
 * at the banks whose code fits it, as the desk's search does for a bare number: its zeros are
 * put back when at least one bank fits the padded number, and the value is the number alone.
 */
export function readAccount(
  numberCell: string,
  bankCell: string,
  slugOf: (written: string) => string | null,
  codeOf: (slug: string) => string | null = () => null,
  guess?: (accountNumber: string) => string[],
): CellReading & { onBank?: boolean } {
  let numberText = numberCell
  let bankText = bankCell.trim()
  const joined = splitAccountValue(numberCell.trim())
  if (joined && !bankText) {
    numberText = joined.accountNumber
    bankText = joined.bankSlug
  }
  if (numberText.trim() === '') return { ok: false, message: 'The account number is empty.' }
  const number = compactNumber(numberText)
  if ('lost' in number) return { ok: false, message: lostMessage('account number', number.lost) }
  if (!/^\d+$/.test(number.text))
    return {
      ok: false,
      message: `Account number "${numberText.trim()}" is not a number: a NUBAN is 10 digits.`,
    }
  let digits = number.text
  const padded = digits.length < 10 ? digits.padStart(10, '0') : null
  if (bankText === '') {
    if (!guess)
      return {
        ok: false,
        noBank: true,
        message: `Account ${digits} has no bank: map its bank column (a bank's name, slug or CBN code), or write ${digits}_<bank-slug>.`,
      }
    if (padded && guess(padded).length > 0) digits = padded
    const banks = digits.length === 10 ? guess(digits) : []
    if (banks.length > 0) return { ok: true, value: digits, guessedBanks: banks }
    return {
      ok: false,
      noBank: true,
      message:
        digits.length === 10
          ? `Account ${digits} has no bank, and no bank in the list has a CBN code that fits it (its last digit is a check digit): check the number, or give its bank.`
          : `Account number ${digits} has ${digits.length} digits and no bank: a NUBAN is 10, and no bank's check digit fits it with zeros before it. Give its bank, or check the number.${TEXT_HINT}`,
    }
  }
  const slug = slugOf(bankText)
  if (!slug)
    return {
      ok: false,
      onBank: true,
      message: `Bank "${bankText}" is not in the bank list: write the bank's name as the list has it, its slug or its CBN code (refresh the bank list if the bank is new).`,
    }
  // A spreadsheet number dropped the leading zeros: put back when the check digit agrees.
  if (padded) {
    const code = codeOf(slug)
    if (nubanFitsBank(padded, code) || (code === null && digits.length === 9)) digits = padded
  }
  if (digits.length !== 10)
    return {
      ok: false,
      message: `Account number ${digits} has ${digits.length} digits: a NUBAN is 10.${padded ? ` If it began with ${padded.length - digits.length === 1 ? '0' : 'zeros'}, the spreadsheet dropped ${padded.length - digits.length === 1 ? 'it' : 'them'}, and ${padded} does not fit the bank's check digit either.` : ''}${TEXT_HINT}`,
    }
  return { ok: true, value: `${digits}_${slug}` }
}

import {
  IDENTIFIER_TYPE_LABELS,
  checkIdentifierValue,
  normalizeIdentifierValue,
  splitAccountValue,
  type IdentifierType,
} from '../../shared/domain/identifiers'
import { nubanFitsBank } from '../../shared/domain/nuban'
import { createBankResolver, type BulkBank } from '../spreadsheet/bank-resolver'

/*
 * One cell of a list to screen, as a person or a spreadsheet program wrote it, in the one form
 * the editor stores and the registry is searched with: spaces, dashes and dots dropped from
 * numbers, +234 and the other phone spellings as 080…, an Excel number saved as 8.03E+09 or
 * 8031234567.0 read back as its digits (or refused when the program rounded them away), a
 * leading zero the program dropped restored where the number's own rules say it was there,
 * a bank by its name, slug or CBN code, e-mails in lower case.
 */

export type CellReading =
  | { ok: true; value: string }
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
  /** Whether the bank list is on this computer at all. */
  known: boolean
}

export function bankLookup(banks: readonly (BulkBank & { code?: string | null })[]): BankLookup {
  const resolve = createBankResolver(banks)
  const codes = new Map(banks.map((bank) => [bank.slug, bank.code ?? null]))
  return {
    known: banks.length > 0,
    codeOf: (slug) => codes.get(slug) ?? null,
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
 */
export function readAccount(
  numberCell: string,
  bankCell: string,
  slugOf: (written: string) => string | null,
  codeOf: (slug: string) => string | null = () => null,
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
  if (bankText === '')
    return {
      ok: false,
      noBank: true,
      message: `Account ${number.text} has no bank: map its bank column (a bank's name, slug or CBN code), or write ${number.text}_<bank-slug>.`,
    }
  const slug = slugOf(bankText)
  if (!slug)
    return {
      ok: false,
      onBank: true,
      message: `Bank "${bankText}" is not in the bank list: write the bank's name as the list has it, its slug or its CBN code (refresh the bank list if the bank is new).`,
    }
  let digits = number.text
  // Nine digits: a spreadsheet number dropped the leading 0. Put back when the check digit agrees.
  if (digits.length === 9) {
    const padded = `0${digits}`
    const code = codeOf(slug)
    if (code === null || nubanFitsBank(padded, code)) digits = padded
  }
  if (digits.length !== 10)
    return {
      ok: false,
      message: `Account number ${digits} has ${digits.length} digits: a NUBAN is 10.${digits.length === 9 ? ' If it began with 0, the spreadsheet dropped it, and 0' + digits + " does not fit the bank's check digit either." : ''}${TEXT_HINT}`,
    }
  return { ok: true, value: `${digits}_${slug}` }
}

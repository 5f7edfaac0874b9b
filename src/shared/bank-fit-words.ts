import { normalizeIdentifierValue, splitAccountValue } from './domain/identifiers'
import { banksFittingNuban, nubanDigits, nubanFitsBank, nubanInstitutionCode } from './domain/nuban'

/*
 * A bank chosen for an account number whose check digit does not fit its CBN code (nuban.ts),
 * in the words the editor, the import and the CLI use. A warning, never a refusal: the list's
 * codes may be wrong or missing, and the registry takes the account as written.
 */

/** "A", "A or B", "A, B or C". */
const orList = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`

/**
 * What to say when `bank` does not fit the account number, naming the banks of the list that
 * do; null when it fits, when the number is not 10 digits, or when the bank has no usable code
 * (nothing can be said then).
 */
export function bankFitWarning(
  accountNumber: string,
  bank: { name: string; code?: string | null } | undefined,
  banks: readonly { name: string; code?: string | null }[],
): string | null {
  const number = nubanDigits(accountNumber)
  if (!number || !bank || !nubanInstitutionCode(bank.code)) return null
  if (nubanFitsBank(number, bank.code)) return null
  const fitting = banksFittingNuban(number, banks).map((fit) => fit.name)
  const which =
    fitting.length === 0 ? 'no bank of the list has a code it fits' : `it fits ${orList(fitting)}`
  return `${number} does not fit ${bank.name}’s check digit: ${which}. Check the number or the bank — you can still file it.`
}

/** The warnings of a report's identifiers: one for each account at a bank its number does not fit. */
export function accountBankWarnings(
  identifiers: readonly { label: string; value: string }[],
  banks: readonly { slug: string; name: string; code?: string | null }[],
): string[] {
  return identifiers.flatMap((identifier) => {
    if (identifier.label.trim().toLowerCase() !== 'account') return []
    const parts = splitAccountValue(normalizeIdentifierValue('account', identifier.value))
    if (!parts) return []
    const bank = banks.find((item) => item.slug === parts.bankSlug)
    const warning = bankFitWarning(parts.accountNumber, bank, banks)
    return warning ? [warning] : []
  })
}

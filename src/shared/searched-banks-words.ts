import { splitAccountValue } from './domain/identifiers'

/*
 * An account number searched without its bank, in the words the window and the CLI both use:
 * which banks were asked (by name), how many were not, and where a report found only on this
 * computer came from. Never "no reports carry it" while banks were left unasked.
 */

/** The fields of a search answer these words read (the contract's view, or the core's answer). */
export interface BanksAnswer {
  source: 'online' | 'offline'
  banks?: readonly { name: string }[]
  banksNotSearched?: number
}

/** "A", "A and B", "A, B and C". */
export const andList = (items: readonly string[]): string =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`

const banksCount = (n: number) => `${n} bank${n === 1 ? '' : 's'}`

/** Whether banks of the list were left unasked: "search all banks" has something to do. */
export const banksLeftOut = (answer: BanksAnswer): number =>
  answer.banks ? (answer.banksNotSearched ?? 0) : 0

/** Where an account number without its bank was searched; null for any other search. */
export function searchedBanksWords(answer: BanksAnswer, number: string): string | null {
  if (!answer.banks) return null
  const asked = answer.banks.length
  const left = answer.banksNotSearched ?? 0
  const names = andList(answer.banks.map((bank) => bank.name))
  const here = 'what this computer has of it was looked through at every bank'
  if (answer.source === 'offline')
    return asked === 0
      ? `No bank of the list has a CBN code that fits account number ${number} (its last digit is a check digit), so no bank was asked on the registry; ${here}.`
      : `The registry was not asked: ${here} (account ${number} without its bank).`
  if (left === 0) return `Account ${number} was searched at all ${banksCount(asked)} of the list.`
  const fit =
    asked === 1
      ? 'the one bank whose CBN code fits account number'
      : `the ${banksCount(asked)} whose CBN codes fit account number`
  return `Searched at ${names}, ${fit} ${number}; ${left} other ${left === 1 ? 'bank was' : 'banks were'} not searched.`
}

/** The line under an empty list of reports (public or not). */
export function noReportsWords(answer: BanksAnswer, kind: 'reports' | 'public reports'): string {
  if (banksLeftOut(answer) > 0)
    return answer.source === 'online'
      ? `No ${kind} at the banks searched.`
      : `No ${kind} in what this computer has.`
  return `No ${kind} carry this identifier.`
}

/** The bank a record found only on this computer is at: the slug of the value that found it. */
export function foundAtBank(matchedAs: readonly string[] | undefined): string {
  return splitAccountValue(matchedAs?.[0] ?? '')?.bankSlug ?? ''
}

/**
 * A record found only on this computer, at a bank that was not asked: where it came from.
 * `bank` is the bank's name (or its slug when the list does not name it), `asOf` a time in words.
 */
export function foundHereWords(
  found: { from: 'own' | 'saved' },
  bank: string,
  asOf: string,
): string {
  const where =
    found.from === 'own'
      ? `your organization’s report at ${bank}, in its reports saved on this computer (Submissions, as of ${asOf})`
      : `at ${bank}, in a search saved on this computer (as of ${asOf})`
  return `Found on this computer only: ${where}. ${bank} was not searched on the registry this time.`
}

/*
 * What became of one input row of a screening job, decided here and only here: the job's totals
 * (the window, `--json`), its list of rows not checked, and the screening record's lines and
 * summary all take a row's outcome from rowOutcome, so they cannot say different things.
 *
 * - Reports on file: any identifier of the row matched a report (whatever else happened).
 * - No report on file: every identifier of the row was checked, and every cell read.
 * - Partly checked: some identifier was checked with nothing on file, but another was not
 *   (the registry refused it, or it waits for the registry), or a cell could not be read.
 * - Could not check: identifiers were read, none of them checked yet.
 * - Could not read: nothing of the row could be read as an identifier.
 */

export type RowOutcome = 'hit' | 'clean' | 'partly' | 'unchecked' | 'unread'

export const OUTCOME_WORDS: Record<RowOutcome, string> = {
  hit: 'Reports on file',
  clean: 'No report on file',
  partly: 'Partly checked',
  unchecked: 'Could not check',
  unread: 'Could not read',
}

/** One identifier of a row: matched, checked with nothing on file, or not checked. */
export type IdentifierStanding = 'hit' | 'clean' | 'unchecked'

export function identifierStanding(identifier: {
  state: string
  checkedAt: number | null
  hits: number
}): IdentifierStanding {
  if (identifier.hits > 0) return 'hit'
  if (identifier.state === 'failed' || identifier.checkedAt === null) return 'unchecked'
  return 'clean'
}

/** A row's outcome from its identifiers' standings and how many of its cells could not be read. */
export function rowOutcome(
  standings: readonly IdentifierStanding[],
  unreadCells: number,
): RowOutcome {
  if (standings.includes('hit')) return 'hit'
  if (standings.length === 0) return 'unread'
  if (standings.every((s) => s === 'unchecked')) return 'unchecked'
  if (standings.includes('unchecked') || unreadCells > 0) return 'partly'
  return 'clean'
}

export interface OutcomeCounts {
  hit: number
  clean: number
  partly: number
  unchecked: number
  unread: number
}

export const noOutcomes = (): OutcomeCounts => ({
  hit: 0,
  clean: 0,
  partly: 0,
  unchecked: 0,
  unread: 0,
})

/** Rows not fully checked and without a hit: partly checked, could not check, could not read. */
export const notFullyChecked = (counts: OutcomeCounts): number =>
  counts.partly + counts.unchecked + counts.unread

/** An account searched at the banks its check digit fits: its value is the number alone. */
export const GUESSED_BANK = 'bank guessed from the account number'
export const isBankGuessed = (label: string, value: string) =>
  label === 'account' && !value.includes('_')

// Screening's words: counts, a column's kind, a job's state and a report's listing.
import type { ScreeningColumnType, ScreeningJobView } from '../../../../shared/contracts/screening'
import { IDENTIFIER_TYPE_LABELS } from '../../../../shared/domain/identifiers'

export const n = (value: number) => value.toLocaleString()
export const plural = (count: number, word: string, many = `${word}s`) =>
  `${n(count)} ${count === 1 ? word : many}`

/** What a column holds, as a person reads it. */
export const COLUMN_LABELS: Record<ScreeningColumnType, string> = {
  ...IDENTIFIER_TYPE_LABELS,
  account: 'Account number',
  bank: 'Bank (of the account column)',
  ignore: 'Nothing to check',
}

/** A job's state in words. */
export function stateWords(job: ScreeningJobView): string {
  if (job.state === 'done') return 'Finished'
  if (job.state === 'cancelled') return 'Cancelled'
  if (job.state === 'paused') return 'Paused'
  if (job.waiting) return 'Waiting'
  return job.running ? 'Running' : 'Waiting to run'
}

export const listingWords = (status: string | null) =>
  status === 'listed' ? 'Listed' : status === 'unlisted' ? 'Unlisted' : 'Listing not shown'

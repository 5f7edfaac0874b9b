import type { ScreeningEstimate } from '../../shared/contracts/screening'
import type { CoreContext } from '../core-context'
import { prepare } from '../store/store'
import { autoSeconds, searchPaceOf } from '../search/search'
import { spellingGroupsOf, spellingSource } from './screening-spellings'
import type { IdentifierRow, JobRow } from './screening-store'

/*
 * The estimate shown before a job's first search (issue 40): its rows, distinct identifiers,
 * the requests its spellings need (each once a job, less what an earlier job's answer young
 * enough saves), and the time at its pace: a fixed rate's, or the folder's pace from where it
 * is now to what the registry allowed (search-pace.ts, autoSeconds).
 */

export function estimateJob(core: CoreContext, job: JobRow, rows: number): ScreeningEstimate {
  const { db } = core
  const freshFrom = job.fresher_than_ms === null ? null : core.clock.now() - job.fresher_than_ms
  const identifiers = prepare<[number], IdentifierRow>(
    db,
    "SELECT * FROM screening_identifiers WHERE job_id = ? AND state IN ('pending', 'searching')",
  ).all(job.id)
  const seen = new Set<string>()
  let searches = 0
  let reusedSearches = 0
  let reusedIdentifiers = 0
  for (const identifier of identifiers) {
    const groups = spellingGroupsOf(db, identifier)
    if (typeof groups === 'string') continue
    let asks = 0
    for (const value of groups.flatMap((group) => group.values)) {
      const key = `${identifier.label}\u0000${value}`
      if (seen.has(key)) continue
      seen.add(key)
      const source = spellingSource(db, job.id, identifier.label, value, freshFrom)
      if (source === 'reused') reusedSearches++
      if (source === 'search') asks++
    }
    searches += asks
    // Every spelling answered before this job, none to ask: the identifier's answer is reused.
    if (asks === 0 && freshFrom !== null) reusedIdentifiers++
  }
  const total = prepare<[number], { n: number }>(
    db,
    'SELECT count(*) AS n FROM screening_identifiers WHERE job_id = ?',
  ).get(job.id)
  const pace = searchPaceOf(core).current()
  const secondsFor = (n: number) =>
    job.pace === 'auto' ? autoSeconds(n, pace) : Number.isFinite(job.rate) ? n / job.rate : 0
  return {
    rows,
    identifiers: total?.n ?? 0,
    identifiersToSearch: identifiers.length - reusedIdentifiers,
    reusedIdentifiers,
    searches,
    reusedSearches,
    pace:
      job.pace === 'auto'
        ? { mode: 'auto', rate: Math.round(pace.rate * 10) / 10, ceiling: pace.ceiling }
        : { mode: 'fixed', rate: job.rate, ceiling: null },
    seconds: Math.round(secondsFor(searches)),
    secondsWithoutReuse: Math.round(secondsFor(searches + reusedSearches)),
  }
}

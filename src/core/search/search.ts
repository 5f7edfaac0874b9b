import type { CoreContext } from '../core-context'
import type { IdentifierQuery } from '../cache/cache'
import { readWaitingReports, type WaitingReport } from '../outbox/outbox'
import { searchOffline, waitingValues } from './offline-search'
import { planSearch, type PlanOptions } from './search-plan'
import { ensureBankList } from '../banks/banks'
import { searchOnline } from './search-online'
import { onFileFromAnswer, onFileFromCache, ownReportIds, type OnFileAnswer } from './on-file'
import { searchReasonsOffline } from './reason-search'

/*
 * Search: the registry asked by identifier (with the cache as fallback and for offline use),
 * "already on file" for a draft's identifiers, and the cached reasons' full-text search.
 */

export async function search(
  core: CoreContext,
  query: IdentifierQuery,
  options: { offline?: boolean; allBanks?: boolean; signal?: AbortSignal } = {},
) {
  const { allBanks } = options
  if (options.offline) {
    const waiting = await waitingAhead(core, query, { allBanks })
    return searchOffline(core.db, query, core.clock.now(), { allBanks, waiting })
  }
  // An account number without its bank is searched at the banks its check digit fits: a new
  // folder fetches the list first (search-plan.ts says so plainly if it still cannot).
  if (query.identifier === 'account' && !query.value.includes('_'))
    await ensureBankList(core, options.signal)
  return searchOnline(core.db, core.client, query, core.clock.now(), {
    signal: options.signal,
    allBanks,
    waiting: waitingAhead(core, query, { allBanks }),
  })
}

/**
 * What waits in the outbox for the query, read on the core's reading thread (a text scan of
 * every queued report: a few hundred ms with 20,000 queued). Undefined when the query does not
 * plan (its error is thrown by the search itself) or the read failed: then read where needed.
 */
async function waitingAhead(
  core: CoreContext,
  query: IdentifierQuery,
  options: PlanOptions,
): Promise<WaitingReport[] | undefined> {
  try {
    const plan = planSearch(core.db, query, options)
    return await readWaitingReports(core.reader, plan.identifier, waitingValues(plan))
  } catch {
    return undefined
  }
}

/**
 * The reports already on file for each identifier: from the cache, or (online) from the
 * registry, one search each, falling back to the cache with the reason when it cannot answer.
 */
export async function onFile(
  core: CoreContext,
  queries: readonly IdentifierQuery[],
  options: { online?: boolean } = {},
): Promise<OnFileAnswer[]> {
  if (!options.online) return queries.map((query) => onFileFromCache(core.db, query))
  return Promise.all(
    queries.map(async (query): Promise<OnFileAnswer> => {
      let answer
      try {
        answer = await search(core, query)
      } catch (error) {
        return {
          ...onFileFromCache(core.db, query),
          source: 'offline',
          reason: error instanceof Error ? error.message : String(error),
        }
      }
      if (answer.source !== 'online')
        return {
          ...onFileFromCache(core.db, query),
          source: 'offline',
          reason: answer.offlineReason?.message ?? null,
        }
      return onFileFromAnswer(core.db, query, answer)
    }),
  )
}

export function searchReasons(core: CoreContext, text: string, limit?: number) {
  return searchReasonsOffline(core.db, text, { limit })
}

/** Which of these registry ids are the organization's own reports (the window offers to update those). */
export function ownReportsAmong(core: CoreContext, ids: readonly string[]): Set<string> {
  return ownReportIds(core.db, ids)
}

// What the rest of the app uses of this folder's other files.
export { matchKey, submissionsRefreshedAt } from './offline-search'
export { pacedSearch } from './paced-search'
export {
  DEFAULT_MAX_SEARCH_RATE,
  autoSeconds,
  maxRateProblem,
  searchPaceOf,
  setMaxSearchRate,
} from './search-pace'
export { registryQuietFor, registryQuietUntil, searchFailureOf } from './polite-search'
export type { SearchFailure } from './polite-search'
export { searchSpellings, searchSpellingsOf } from './spellings-search'
export type { StoredIdentifier } from './spellings-search'
export { searchHandlers } from './search-handlers'

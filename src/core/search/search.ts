import type { CoreContext } from '../core-context'
import type { IdentifierQuery } from '../cache/searches-cache'
import { searchOffline } from './offline-search'
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
  if (options.offline) return searchOffline(core.db, query, core.clock.now(), { allBanks })
  // An account number without its bank is searched at the banks its check digit fits: a new
  // folder fetches the list first (search-plan.ts says so plainly if it still cannot).
  if (query.identifier === 'account' && !query.value.includes('_'))
    await ensureBankList(core, options.signal)
  return searchOnline(core.db, core.client, query, core.clock.now(), {
    signal: options.signal,
    allBanks,
  })
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

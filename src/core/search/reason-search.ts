import type { Db } from '../store/store'
import {
  newestReasonMatches,
  newestReasonRows,
  rankedReasonRows,
  toFtsQuery,
  toCachedReport,
  type CachedReport,
} from '../cache/cache'
import { submissionsRefreshedAt } from './offline-search'
import { reasonSnippet, type SnippetPart } from './reason-snippet'

export type { SnippetPart } from './reason-snippet'

export type ReasonSearchHit = CachedReport & {
  /** A short window of the reason around the first match, matches marked. */
  snippet: SnippetPart[]
}

export interface ReasonSearchAnswer {
  source: 'offline'
  /** In `order`; each hit says when it was last seen from the registry (`seenAt`). */
  hits: ReasonSearchHit[]
  /**
   * `relevance` (bm25, best first) when fewer than BROAD_MATCHES reasons match; `newest`
   * (by the report's createdAt) when more do, or when only common words were typed.
   */
  order: 'relevance' | 'newest'
  /** BROAD_MATCHES or more reasons match: the UI should say so and suggest more words. */
  broad: boolean
  asOf: { submissions?: string }
}

export const DEFAULT_REASON_LIMIT = 50
export const MAX_REASON_LIMIT = 500
/**
 * From this many matches on, a query is answered newest first rather than ranked. Ranking costs
 * a pass over each word's index entries plus about a microsecond per match: a word found in
 * most of 100,000 reasons took 50–100 ms to rank (bench/offline-search-bench.ts), while the
 * newest matches come straight off the index (row ids follow creation time, cached-row-ids.ts).
 * A query that broad is not one a person reads to the end either.
 */
export const BROAD_MATCHES = 1000

/** The reason search's queries (the cache's: cache/cache-searches.ts), whose plans the tests check. */
export { NEWEST_REASON_SQL, RANKED_REASON_SQL } from '../cache/cache'

/**
 * Full-text search over the reasons of every cached report (own submissions and stored search
 * results). Whatever the text, it is searched as words (see toFtsQuery), never run as FTS
 * syntax; text with no words finds nothing. Reports that left the list are left out.
 * Best match first, or newest first when the words are too common to rank (see `order`).
 */
export function searchReasonsOffline(
  db: Db,
  text: string,
  options: { limit?: number } = {},
): ReasonSearchAnswer {
  const asOf: ReasonSearchAnswer['asOf'] = {}
  const submissions = submissionsRefreshedAt(db)
  if (submissions) asOf.submissions = submissions
  const query = toFtsQuery(text)
  if (!query) return { source: 'offline', hits: [], order: 'relevance', broad: false, asOf }
  const limit = Math.min(
    Math.max(1, Math.floor(options.limit ?? DEFAULT_REASON_LIMIT) || DEFAULT_REASON_LIMIT),
    MAX_REASON_LIMIT,
  )
  const newest = newestReasonMatches(db, query.match, BROAD_MATCHES)
  const broad = newest.length >= BROAD_MATCHES
  const order = broad || query.onlyCommonWords ? 'newest' : 'relevance'
  const rows =
    order === 'newest'
      ? newestReasonRows(db, JSON.stringify(newest), limit)
      : rankedReasonRows(db, query.match, limit)
  const hits = rows.map((row) => ({
    ...toCachedReport(row),
    snippet: reasonSnippet(row.fraud_reason, query.terms),
  }))
  return { source: 'offline', hits, order, broad, asOf }
}

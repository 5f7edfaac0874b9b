import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'
import { toFtsQuery } from '../cache/fts-query'
import { submissionsRefreshedAt } from './offline-search'
import { reasonSnippet, type SnippetPart } from './reason-snippet'
import {
  CACHED_REPORT_COLUMNS,
  UNLISTED,
  toCachedReport,
  type CachedReport,
  type CachedReportRow,
} from '../cache/reports-cache'

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

/** The newest matches, at most BROAD_MATCHES of them (the scan stops there). */
const NEWEST_MATCHES_SQL = `
  SELECT rowid AS fts_row FROM cached_reports_fts
  WHERE cached_reports_fts MATCH @match ORDER BY rowid DESC LIMIT @cap`

/** Rows of the matches found, newest first, whole rows read only for the ones returned. */
export const NEWEST_REASON_SQL = `
  SELECT ${CACHED_REPORT_COLUMNS} FROM cached_reports r
  WHERE r.row_id IN (SELECT value FROM json_each(@rows))
    AND r.listing_status IS NOT '${UNLISTED}'
  ORDER BY r.row_id DESC LIMIT @limit`

/** Every match ranked by bm25 inside FTS5 (best first); only for fewer than BROAD_MATCHES. */
export const RANKED_REASON_SQL = `
  SELECT ${CACHED_REPORT_COLUMNS}
  FROM cached_reports_fts JOIN cached_reports r ON r.row_id = cached_reports_fts.rowid
  WHERE cached_reports_fts MATCH @match AND r.listing_status IS NOT '${UNLISTED}'
  ORDER BY cached_reports_fts.rank LIMIT @limit`

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
  const newest = prepare<[{ match: string; cap: number }], { fts_row: number }>(
    db,
    NEWEST_MATCHES_SQL,
  )
    .all({ match: query.match, cap: BROAD_MATCHES })
    .map((row) => row.fts_row)
  const broad = newest.length >= BROAD_MATCHES
  const order = broad || query.onlyCommonWords ? 'newest' : 'relevance'
  const rows =
    order === 'newest'
      ? prepare<[{ rows: string; limit: number }], CachedReportRow>(db, NEWEST_REASON_SQL).all({
          rows: JSON.stringify(newest),
          limit,
        })
      : prepare<[{ match: string; limit: number }], CachedReportRow>(db, RANKED_REASON_SQL).all({
          match: query.match,
          limit,
        })
  const hits = rows.map((row) => ({
    ...toCachedReport(row),
    snippet: reasonSnippet(row.fraud_reason, query.terms),
  }))
  return { source: 'offline', hits, order, broad, asOf }
}

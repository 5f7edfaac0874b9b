import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'
import { toFtsQuery } from './fts-query'
import { submissionsRefreshedAt } from './offline-search'
import { reasonSnippet, type SnippetPart } from './reason-snippet'
import {
  CACHED_REPORT_COLUMNS,
  UNLISTED,
  toCachedReport,
  type CachedReport,
  type CachedReportRow,
} from './reports-cache'

export type { SnippetPart } from './reason-snippet'

export type ReasonSearchHit = CachedReport & {
  /** A short window of the reason around the first match, matches marked. */
  snippet: SnippetPart[]
}

export interface ReasonSearchAnswer {
  source: 'offline'
  /** Best match first; each hit says when it was last seen from the registry (`seenAt`). */
  hits: ReasonSearchHit[]
  /**
   * More reasons matched than are ranked (RANKED_CANDIDATES): the hits are the best of the
   * matches cached last, not of all. The UI should suggest adding words.
   */
  broad: boolean
  asOf: { submissions?: string }
}

export const DEFAULT_REASON_LIMIT = 50
export const MAX_REASON_LIMIT = 500
/**
 * How many matches at most are ranked. Ranking all matches with FTS5's `ORDER BY rank` costs
 * about a microsecond per matching reason: a word found in most of 100,000 reasons took
 * 50–100 ms (bench/offline-search-bench.ts). Capped, every query stays within ~15 ms, and a
 * query that broad is not one a person reads to the end.
 */
export const RANKED_CANDIDATES = 1000

/*
 * The candidates come from the FTS index in rowid order (the scan stops at the cap), last
 * cached first; only they are scored. The best are picked reading just each row's listing
 * status, and only those are then read whole (the JSON of a thousand rows is not).
 */
const candidates = (score: string) => `
  WITH c AS MATERIALIZED (
    SELECT rowid AS fts_row, ${score} AS score FROM cached_reports_fts
    WHERE cached_reports_fts MATCH @match ORDER BY rowid DESC LIMIT @cap),
  top AS (
    SELECT c.fts_row, c.score FROM c JOIN cached_reports listed ON listed.row_id = c.fts_row
    WHERE listed.listing_status IS NOT '${UNLISTED}'
    ORDER BY c.score, c.fts_row DESC LIMIT @limit)
  SELECT ${CACHED_REPORT_COLUMNS}, top.score, (SELECT count(*) FROM c) AS candidates
  FROM top JOIN cached_reports r ON r.row_id = top.fts_row
  ORDER BY top.score, top.fts_row DESC`

/** Ranked by bm25 (lower is better). */
export const RANKED_REASON_SQL = candidates('bm25(cached_reports_fts)')
/** Only common words were typed: every candidate scores alike, so skip the scoring. */
export const UNRANKED_REASON_SQL = candidates('0')

type Row = CachedReportRow & { score: number; candidates: number }

/**
 * Full-text search over the reasons of every cached report (own submissions and stored search
 * results). Whatever the text, it is searched as words (see toFtsQuery), never run as FTS
 * syntax; text with no words finds nothing. Reports that left the list are left out.
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
  if (!query) return { source: 'offline', hits: [], broad: false, asOf }
  const limit = Math.min(
    Math.max(1, Math.floor(options.limit ?? DEFAULT_REASON_LIMIT) || DEFAULT_REASON_LIMIT),
    MAX_REASON_LIMIT,
  )
  const rows = prepare<[{ match: string; cap: number; limit: number }], Row>(
    db,
    query.onlyCommonWords ? UNRANKED_REASON_SQL : RANKED_REASON_SQL,
  ).all({ match: query.match, cap: RANKED_CANDIDATES, limit })
  const hits = rows.map((row) => ({
    ...toCachedReport(row),
    snippet: reasonSnippet(row.fraud_reason, query.terms),
  }))
  return {
    source: 'offline',
    hits,
    broad: (rows[0]?.candidates ?? 0) >= RANKED_CANDIDATES,
    asOf,
  }
}

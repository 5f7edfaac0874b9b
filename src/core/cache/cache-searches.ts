import { type Db, prepare } from '../store/store'
import { CACHED_REPORT_COLUMNS, UNLISTED, type CachedReportRow } from './reports-cache'

/*
 * The saved copy searched on this computer: by identifier (search/offline-search.ts, on-file.ts)
 * and by the words of a reason (search/reason-search.ts). The tables are the cache's
 * (docs/architecture.md, "Tables and their owners"); the search folder words the answers.
 */

/*
 * Candidates are every cached record carrying one of the values looked for (@lookups: each
 * value with the time of the stored search it belongs to), plus the ids those stored searches
 * returned (the registry may match in ways our exact lookup does not). A record found only by
 * identifier, not our own and last seen before its value's stored search, is dropped: the newer
 * search did not return it, so the registry no longer does. Reports that left the list are left
 * out, as the registry's search leaves them out.
 */
export const OFFLINE_SEARCH_SQL = `
  SELECT ${CACHED_REPORT_COLUMNS} FROM cached_reports r
  WHERE r.row_id IN (
      SELECT c.row_id FROM json_each(@lookups) l
        -- CROSS JOIN keeps the few values outside: each is then one index lookup.
        CROSS JOIN cached_identifiers i
          ON i.label = @label AND i.value = json_extract(l.value, '$.value')
        JOIN cached_reports c ON c.row_id = i.report_row
      WHERE c.own = 1 OR json_extract(l.value, '$.searchedAt') IS NULL
        OR c.seen_at > json_extract(l.value, '$.searchedAt')
      UNION
      SELECT row_id FROM cached_reports
      WHERE kind = 'report' AND id IN (SELECT value FROM json_each(@reportIds))
      UNION
      SELECT row_id FROM cached_reports
      WHERE kind = 'public_report' AND id IN (SELECT value FROM json_each(@publicReportIds)))
    AND r.listing_status IS NOT '${UNLISTED}'
  ORDER BY r.created_at DESC, r.row_id DESC`

/** The saved records an offline search finds (each parameter as JSON but `label`). */
export function offlineSearchRows(
  db: Db,
  params: { label: string; lookups: string; reportIds: string; publicReportIds: string },
): CachedReportRow[] {
  return prepare<[Record<string, string>], CachedReportRow>(db, OFFLINE_SEARCH_SQL).all(params)
}

/** An account number at any bank, as the cache holds it: `<number>_` up to `<number>` + '`'. */
const OTHER_BANKS_SQL = `
  SELECT DISTINCT value FROM cached_identifiers
  WHERE label = 'account' AND value >= @from AND value < @to`

/** The account values saved from `from` up to `to` (one index range). */
export function savedAccountValues(db: Db, range: { from: string; to: string }): string[] {
  return prepare<[{ from: string; to: string }], { value: string }>(db, OTHER_BANKS_SQL)
    .all(range)
    .map((row) => row.value)
}

/** Which of `ids` (as JSON) are the organization's own reports. */
export function ownReportIdsAmong(db: Db, idsJson: string): string[] {
  return prepare<[string], { id: string }>(
    db,
    "SELECT id FROM cached_reports WHERE kind = 'report' AND own = 1 AND id IN (SELECT value FROM json_each(?))",
  )
    .all(idsJson)
    .map((row) => row.id)
}

/** The newest matches, at most @cap of them (the scan stops there). */
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

/** The full-text rows of the newest reasons matching (an FTS5 query), at most `cap`. */
export function newestReasonMatches(db: Db, match: string, cap: number): number[] {
  return prepare<[{ match: string; cap: number }], { fts_row: number }>(db, NEWEST_MATCHES_SQL)
    .all({ match, cap })
    .map((row) => row.fts_row)
}

/** The saved reports of those full-text rows (as JSON), newest first, not unlisted. */
export function newestReasonRows(db: Db, rows: string, limit: number): CachedReportRow[] {
  return prepare<[{ rows: string; limit: number }], CachedReportRow>(db, NEWEST_REASON_SQL).all({
    rows,
    limit,
  })
}

/** The saved reports whose reason matches (an FTS5 query), best first, not unlisted. */
export function rankedReasonRows(db: Db, match: string, limit: number): CachedReportRow[] {
  return prepare<[{ match: string; limit: number }], CachedReportRow>(db, RANKED_REASON_SQL).all({
    match,
    limit,
  })
}

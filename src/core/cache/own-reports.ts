import { type Db, prepare } from '../store/store'
import { CACHED_REPORT_COLUMNS, UNLISTED, type CachedReportRow } from './reports-cache'

/*
 * The organization's own reports in the saved copy (own = 1 AND kind = 'report'), as
 * Submissions and the import ask of them. The table is the cache's (docs/architecture.md,
 * "Tables and their owners"); the partial indexes these read (cached_reports_own_created,
 * cached_reports_own_seen) need the literal `own = 1 AND kind = 'report'` in the query, and
 * INDEXED BY pins them, because without table statistics SQLite prefers the (kind, id) index
 * plus a sort of every own row.
 */

/**
 * Whether an own report carries a fingerprint (migration 0015), asked of the fingerprint's
 * index one at a time (the import's rows not found among the local reports).
 */
export function ownFingerprintFound(db: Db): (fingerprint: string) => boolean {
  const submitted = prepare<[string], { found: number }>(
    db,
    "SELECT 1 AS found FROM cached_reports WHERE fingerprint = ? AND own = 1 AND kind = 'report' LIMIT 1",
  )
  return (fingerprint) => submitted.get(fingerprint) !== undefined
}

/** Makes `organization`'s reports the own ones: only the flag moves (the caller's transaction). */
export function moveOwnFlag(db: Db, organization: string): void {
  prepare<[string, string]>(
    db,
    `UPDATE cached_reports SET own = CASE WHEN company_id = ? THEN 1 ELSE 0 END
        WHERE kind = 'report' AND (own = 1 OR company_id = ?)`,
  ).run(organization, organization)
}

/** The saved updatedAt of those of `ids` the copy holds (a report's absent when it holds none). */
export function savedUpdatedAt(db: Db, ids: Iterable<string>): Map<string, number | null> {
  const read = prepare<[string], { updated_at: number | null }>(
    db,
    "SELECT updated_at FROM cached_reports WHERE kind = 'report' AND id = ?",
  )
  const result = new Map<string, number | null>()
  for (const id of ids) {
    const row = read.get(id)
    if (row) result.set(id, row.updated_at)
  }
  return result
}

/** How many of the organization's own reports were seen since `since` (a pass's start). */
export function ownSeenSince(db: Db, organization: string, since: number): number {
  return (
    prepare<[string, number], { n: number }>(
      db,
      `SELECT count(*) AS n FROM cached_reports INDEXED BY cached_reports_own_seen
       WHERE own = 1 AND kind = 'report' AND company_id = ? AND seen_at >= ?`,
    ).get(organization, since)?.n ?? 0
  )
}

/** The organization's own reports, not unlisted, last seen before `since`. */
export function ownListedNotSeenSince(db: Db, organization: string, since: number): string[] {
  return prepare<[string, number, string], { id: string }>(
    db,
    `SELECT id FROM cached_reports INDEXED BY cached_reports_own_seen
     WHERE own = 1 AND kind = 'report' AND company_id = ? AND seen_at < ? AND listing_status IS NOT ?`,
  )
    .all(organization, since, UNLISTED)
    .map((row) => row.id)
}

/**
 * The Submissions list's filter: one WHERE clause for the list and its count, with every filter
 * optional (`? IS NULL OR …`) so a single prepared statement serves every combination.
 */
const WHERE = `own = 1 AND kind = 'report'
  AND (@fraudType IS NULL OR fraud_type = @fraudType)
  AND (@listingStatus IS NULL OR listing_status = @listingStatus)
  AND (@from IS NULL OR created_at >= @from)
  AND (@to IS NULL OR created_at < @to)
  AND (@identifier IS NULL OR row_id IN
    (SELECT report_row FROM cached_identifiers WHERE value LIKE @identifier ESCAPE '\\'))`

/** A window of the list: the row ids come from the index alone, then only those rows are read. */
export const OWN_SUBMISSIONS_PAGE_SQL = `
  SELECT ${CACHED_REPORT_COLUMNS} FROM cached_reports r
  WHERE r.row_id IN (
    SELECT row_id FROM cached_reports INDEXED BY cached_reports_own_created WHERE ${WHERE}
    ORDER BY created_at DESC, row_id DESC LIMIT @limit OFFSET @offset)
  ORDER BY r.created_at DESC, r.row_id DESC`

export const OWN_SUBMISSIONS_COUNT_SQL = `
  SELECT count(*) AS n FROM cached_reports INDEXED BY cached_reports_own_created WHERE ${WHERE}`

/** The Submissions list's filter as bound: each null when not asked for. */
export interface OwnFilterParams {
  fraudType: string | null
  listingStatus: string | null
  from: number | null
  to: number | null
  /** A LIKE pattern (ESCAPE '\'). */
  identifier: string | null
}

/** A window of the own reports the filter matches, newest created first. */
export function ownReportsPage(
  db: Db,
  params: OwnFilterParams & { limit: number; offset: number },
): CachedReportRow[] {
  return prepare<[OwnFilterParams & { limit: number; offset: number }], CachedReportRow>(
    db,
    OWN_SUBMISSIONS_PAGE_SQL,
  ).all(params)
}

/** How many own reports the filter matches. */
export function ownReportsCount(db: Db, params: OwnFilterParams): number {
  return (
    prepare<[OwnFilterParams], { n: number }>(db, OWN_SUBMISSIONS_COUNT_SQL).get(params)?.n ?? 0
  )
}

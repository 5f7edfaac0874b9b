import type { PublicReport, ReportRecord } from '../../shared/domain/responses'
import type { RegistryErrorKind } from '../registry/registry-error'
import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'
import { CACHE_STATE_KEYS, readCacheNumber } from './cache-state'
import { isoTime } from './cache-times'
import { cachedIdentifier } from './cached-identifiers'
import {
  CACHED_REPORT_COLUMNS,
  UNLISTED,
  toCachedReport,
  type CachedReportRow,
} from './reports-cache'
import { findStoredSearch, type IdentifierQuery } from './searches-cache'

/** How fresh an offline answer is, as ISO times; a field is absent when there is no such data. */
export interface OfflineAsOf {
  /** When exactly this query was last searched online (its ids are part of the answer). */
  search?: string
  /** When the organization's own submissions were last refreshed. */
  submissions?: string
}

export interface OfflineSearchAnswer {
  source: 'offline'
  reports: ReportRecord[]
  publicReports: PublicReport[]
  asOf: OfflineAsOf
  /** Why the registry was not asked, when an online search fell back to this answer. */
  offlineReason?: { kind: RegistryErrorKind; message: string }
}

/** When own submissions were last refreshed (ISO), or undefined if never. */
export function submissionsRefreshedAt(db: Db): string | undefined {
  const ms = readCacheNumber(db, CACHE_STATE_KEYS.submissionsRefreshedAt)
  return ms === undefined ? undefined : isoTime(ms)
}

/*
 * Candidates are every cached record carrying the identifier, plus the ids the stored search
 * of exactly this query returned (the registry may match in ways our exact lookup does not).
 * A record found only by identifier, not our own and last seen before that stored search,
 * is dropped: the newer search did not return it, so the registry no longer does.
 * Reports that left the list are left out, as the registry's search leaves them out.
 */
export const OFFLINE_SEARCH_SQL = `
  SELECT ${CACHED_REPORT_COLUMNS} FROM cached_reports r
  WHERE r.row_id IN (
      SELECT c.row_id FROM cached_identifiers i JOIN cached_reports c ON c.row_id = i.report_row
      WHERE i.label = @label AND i.value = @value
        AND (c.own = 1 OR @searchedAt IS NULL OR c.seen_at > @searchedAt)
      UNION
      SELECT row_id FROM cached_reports
      WHERE kind = 'report' AND id IN (SELECT value FROM json_each(@reportIds))
      UNION
      SELECT row_id FROM cached_reports
      WHERE kind = 'public_report' AND id IN (SELECT value FROM json_each(@publicReportIds)))
    AND r.listing_status IS NOT '${UNLISTED}'
  ORDER BY r.created_at DESC, r.row_id DESC`

interface SearchParams {
  label: string
  value: string
  searchedAt: number | null
  reportIds: string
  publicReportIds: string
}

/**
 * Answers an identifier search from the cache alone: exact lookup by type and normalized
 * value over own submissions and every stored search result, newest first, saying as of
 * when. Never touches the network.
 */
export function searchOffline(db: Db, query: IdentifierQuery): OfflineSearchAnswer {
  const stored = findStoredSearch(db, query)
  const asOf: OfflineAsOf = {}
  if (stored) asOf.search = isoTime(stored.searchedAt)
  const submissions = submissionsRefreshedAt(db)
  if (submissions) asOf.submissions = submissions
  const identifier = cachedIdentifier(query.identifier, query.value)
  if (!identifier) return { source: 'offline', reports: [], publicReports: [], asOf }

  const rows = prepare<[SearchParams], CachedReportRow>(db, OFFLINE_SEARCH_SQL).all({
    label: identifier.label,
    value: identifier.value,
    searchedAt: stored?.searchedAt ?? null,
    reportIds: JSON.stringify(stored?.reportIds ?? []),
    publicReportIds: JSON.stringify(stored?.publicReportIds ?? []),
  })
  const reports: ReportRecord[] = []
  const publicReports: PublicReport[] = []
  for (const row of rows) {
    const cached = toCachedReport(row)
    if (cached.kind === 'report') reports.push(cached.record)
    else publicReports.push(cached.record)
  }
  return { source: 'offline', reports, publicReports, asOf }
}

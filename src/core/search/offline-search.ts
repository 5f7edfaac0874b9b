import type { PublicReport, ReportRecord } from '../../shared/domain/responses'
import type { RegistryErrorKind } from '../registry/registry-error'
import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'
import { CACHE_STATE_KEYS, readCacheNumber } from '../cache/cache-state'
import { isoTime } from '../cache/cache-times'
import { cachedIdentifier } from '../cache/cached-identifiers'
import {
  CACHED_REPORT_COLUMNS,
  UNLISTED,
  toCachedReport,
  type CachedReport,
  type CachedReportRow,
} from '../cache/reports-cache'
import { planSearch, type SearchPlan, type SearchedBank } from './search-plan'
import { findStoredSearch, searchKey, type IdentifierQuery } from '../cache/searches-cache'
import { waitingReports, type WaitingReport } from '../cache/waiting-reports'

/** How fresh an offline answer is, as ISO times; a field is absent when there is no such data. */
export interface OfflineAsOf {
  /** When exactly this query was last searched online (its ids are part of the answer). */
  search?: string
  /** When the organization's own submissions were last refreshed. */
  submissions?: string
  /** When this computer's outbox was read for the reports waiting in it: the answer's own time. */
  outbox: string
}

/** What every identifier search answers besides the registry's records, online or offline. */
export interface SearchSpellings {
  /** The values looked for, the stored form first (a phone's spellings, an account at each bank). */
  searched: string[]
  /** For each record found (`report:<id>`, `public_report:<id>`), the values that found it. */
  matchedAs: Record<string, string[]>
  /** An account number searched without its bank: the banks whose code fits it. */
  banks?: SearchedBank[]
  /** Reports in this computer's outbox carrying the identifier, not yet sent. */
  waiting: WaitingReport[]
}

export interface OfflineSearchAnswer extends SearchSpellings {
  source: 'offline'
  reports: ReportRecord[]
  publicReports: PublicReport[]
  asOf: OfflineAsOf
  /** Why the registry was not asked, when an online search fell back to this answer. */
  offlineReason?: { kind: RegistryErrorKind; message: string }
}

/** The key of a record in `matchedAs`. */
export const matchKey = (kind: CachedReport['kind'], id: string): string => `${kind}:${id}`

/** When own submissions were last refreshed (ISO), or undefined if never. */
export function submissionsRefreshedAt(db: Db): string | undefined {
  const ms = readCacheNumber(db, CACHE_STATE_KEYS.submissionsRefreshedAt)
  return ms === undefined ? undefined : isoTime(ms)
}

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

export interface CachedLookup {
  records: CachedReport[]
  matchedAs: Record<string, string[]>
  /** The oldest of the stored searches of the values, when each value has one (ISO). */
  searchedAt?: string
}

/**
 * The cached records a plan finds: by each of its values in the one form the cache holds it
 * (a phone's seven spellings are one probe: migration 0004 rewrote rows an older Casefile kept
 * as +234…), with the stored searches of those forms. Never touches the network.
 */
export function lookUpCached(db: Db, plan: SearchPlan): CachedLookup {
  const label = plan.identifier
  const wanted = new Set<string>(plan.values)
  const reportIds = new Set<string>()
  const publicReportIds = new Set<string>()
  // Each stored form, with the time of its stored search (null when never searched online).
  const searchTimes = new Map<string, number | null>()
  for (const value of plan.values) {
    const key = searchKey({ identifier: label, value }).value
    wanted.add(key)
    if (searchTimes.has(key)) continue
    const stored = findStoredSearch(db, { identifier: label, value: key })
    searchTimes.set(key, stored?.searchedAt ?? null)
    stored?.reportIds.forEach((id) => reportIds.add(id))
    stored?.publicReportIds.forEach((id) => publicReportIds.add(id))
  }
  const rows = prepare<[Record<string, string>], CachedReportRow>(db, OFFLINE_SEARCH_SQL).all({
    label,
    lookups: JSON.stringify([...searchTimes].map(([value, searchedAt]) => ({ value, searchedAt }))),
    reportIds: JSON.stringify([...reportIds]),
    publicReportIds: JSON.stringify([...publicReportIds]),
  })
  const records = rows.map(toCachedReport)
  const matchedAs: Record<string, string[]> = {}
  for (const cached of records) {
    const found = new Set<string>()
    for (const identifier of cached.record.identifiers ?? []) {
      const normalized = cachedIdentifier(identifier.label, identifier.value)
      if (normalized?.label !== label) continue
      if (wanted.has(identifier.value) || wanted.has(normalized.value)) found.add(identifier.value)
    }
    matchedAs[matchKey(cached.kind, cached.record.id)] = [...found]
  }
  const times = [...searchTimes.values()]
  const answer: CachedLookup = { records, matchedAs }
  if (times.length > 0 && times.every((at) => at !== null))
    answer.searchedAt = isoTime(Math.min(...(times as number[])))
  return answer
}

/**
 * Answers an identifier search from this computer alone: the cached records found by every
 * value the search looks for (own submissions and stored search results), newest first, and
 * the reports waiting in the outbox, saying as of when. Never touches the network.
 */
export function searchOffline(
  db: Db,
  query: IdentifierQuery,
  now: number = Date.now(),
): OfflineSearchAnswer {
  const plan = planSearch(db, query)
  const found = lookUpCached(db, plan)
  const asOf: OfflineAsOf = { outbox: isoTime(now) }
  if (found.searchedAt) asOf.search = found.searchedAt
  const submissions = submissionsRefreshedAt(db)
  if (submissions) asOf.submissions = submissions
  const reports: ReportRecord[] = []
  const publicReports: PublicReport[] = []
  for (const cached of found.records) {
    if (cached.kind === 'report') reports.push(cached.record)
    else publicReports.push(cached.record)
  }
  return {
    source: 'offline',
    reports,
    publicReports,
    asOf,
    ...spellingsOf(plan, found.matchedAs, waitingFor(db, plan, reports)),
  }
}

/** What waits in the outbox for a plan's values, less updates of reports already in the answer. */
export function waitingFor(
  db: Db,
  plan: SearchPlan,
  reports: readonly { id: string }[],
): WaitingReport[] {
  const answered = new Set(reports.map((report) => report.id))
  return waitingReports(db, plan.identifier, plan.values).filter(
    (waiting) => !waiting.registryId || !answered.has(waiting.registryId),
  )
}

export function spellingsOf(
  plan: SearchPlan,
  matchedAs: Record<string, string[]>,
  waiting: WaitingReport[],
): SearchSpellings {
  return {
    searched: plan.values,
    matchedAs,
    ...(plan.banks ? { banks: plan.banks } : {}),
    waiting,
  }
}

import type { ReportRecord } from '../../shared/domain/responses'
import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'
import {
  CACHE_STATE_KEYS,
  perOrganization,
  readCacheNumber,
  readCacheState,
  writeCacheState,
} from '../cache/cache-state'
import { isoTime, registryTimeMs } from '../cache/cache-times'
import type { SubmissionsSource } from '../cache/registry-sources'
import { UNLISTED, markUnlisted, upsertRegistryReports } from '../cache/reports-cache'
import { writeTransaction } from '../store/write-transaction'

export const DAY_MS = 24 * 60 * 60 * 1000
export const DEFAULT_SUBMISSIONS_PAGE_SIZE = 100

export interface SubmissionsRefreshOptions {
  now: number
  pageSize?: number
  /**
   * How often at most a full re-page is done instead of an incremental one. The list is
   * newest first, so an incremental refresh does not see an older report that was unlisted or
   * updated since; the full pass catches those. Default: one day.
   */
  fullRefreshEveryMs?: number
  /** Re-page everything now (the user's "refresh all"). */
  full?: boolean
  signal?: AbortSignal
}

export interface SubmissionsRefresh {
  mode: 'full' | 'incremental'
  pages: number
  /** Records the registry sent (a record on two pages counts twice). */
  received: number
  /** Records new to the cache or changed since it was read (updated, or another listing status). */
  written: number
  /** The registry's count of the organization's submissions, from the last page read. */
  total: number
  /** Own reports the full pass no longer found in the list, now marked as unlisted. */
  markedUnlisted: number
  refreshedAt: string
}

function chooseMode(
  db: Db,
  organization: string,
  options: SubmissionsRefreshOptions,
): 'full' | 'incremental' {
  const lastFull = readCacheNumber(
    db,
    perOrganization(CACHE_STATE_KEYS.submissionsFullRefreshAt, organization),
  )
  const cursor = readCacheNumber(
    db,
    perOrganization(CACHE_STATE_KEYS.submissionsNewestUpdatedAt, organization),
  )
  const every = options.fullRefreshEveryMs ?? DAY_MS
  if (options.full || lastFull === undefined || cursor === undefined) return 'full'
  // A clock set back (lastFull in the future) also earns a full pass rather than none for days.
  return options.now - lastFull >= every || lastFull > options.now ? 'full' : 'incremental'
}

/** The organization a page of own submissions belongs to (its companyId), if it says. */
function organizationOf(records: readonly ReportRecord[]): string | null {
  for (const record of records) {
    const id = record.companyId ?? record.reportingCompany?.id
    if (typeof id === 'string' && id !== '') return id
  }
  return null
}

/**
 * Makes `organization` the one whose reports are "own": the cache keeps every organization's
 * reports, and only the flag moves, so switching the API key to another organization's and
 * back never rewrites or loses the first one's copies.
 */
function useOrganization(db: Db, organization: string): void {
  if (readCacheState(db, CACHE_STATE_KEYS.submissionsOrganization) === organization) return
  writeTransaction(db, () => {
    prepare<[string, string]>(
      db,
      `UPDATE cached_reports SET own = CASE WHEN company_id = ? THEN 1 ELSE 0 END
        WHERE kind = 'report' AND (own = 1 OR company_id = ?)`,
    ).run(organization, organization)
    writeCacheState(db, CACHE_STATE_KEYS.submissionsOrganization, organization)
  })
}

/**
 * Brings the cache of the organization's own submissions up to date. The first time, and
 * then at most once per `fullRefreshEveryMs`, it pages through everything; otherwise it pages
 * newest first and stops at the first page holding a record last updated before the newest
 * updatedAt seen so far. Each page is stored in its own transaction, so what was read is kept
 * if a later page fails; the cursor and times move only when the pass reaches its end, so a
 * failed pass is simply repeated. Registry failures are thrown as RegistryError.
 */
export async function refreshSubmissions(
  db: Db,
  client: SubmissionsSource,
  options: SubmissionsRefreshOptions,
): Promise<SubmissionsRefresh> {
  const { now } = options
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? DEFAULT_SUBMISSIONS_PAGE_SIZE))
  // The first page says whose submissions these are: the cursor and times are that
  // organization's, and only its cached reports can be found missing.
  const first = await client.listSubmissions(
    { page: 1, limit: pageSize },
    { signal: options.signal },
  )
  const organization = organizationOf(first.data) ?? (first.meta.total === 0 ? '' : null)
  if (organization !== null) useOrganization(db, organization)
  const scope = organization ?? readCacheState(db, CACHE_STATE_KEYS.submissionsOrganization) ?? ''
  const mode = chooseMode(db, scope, options)
  const cursor = readCacheNumber(
    db,
    perOrganization(CACHE_STATE_KEYS.submissionsNewestUpdatedAt, scope),
  )
  let newest = cursor ?? null
  const seenIds = new Set<string>()
  let pages = 0
  let received = 0
  let written = 0
  let total = 0
  let reachedEnd = false

  for (let page = 1; ; page++) {
    const answer =
      page === 1
        ? first
        : await client.listSubmissions({ page, limit: pageSize }, { signal: options.signal })
    pages++
    total = answer.meta.total
    const records = answer.data
    received += records.length
    const before = seenIds.size
    for (const record of records) seenIds.add(record.id)
    written += upsertRegistryReports(db, 'report', records, { own: true, seenAt: now })
    newest = newestUpdate(records, newest)

    if (records.length === 0) {
      reachedEnd = true
      break
    }
    // The registry's own page size may differ from ours; its meta says where the end is.
    const limit = answer.meta.limit > 0 ? answer.meta.limit : records.length
    if (page * limit >= total || seenIds.size >= total) {
      reachedEnd = true
      break
    }
    // A page of nothing new means the registry ignores `page`: stop rather than loop forever.
    if (seenIds.size === before) break
    if (mode === 'incremental' && cursor !== undefined && reachesCursor(records, cursor)) {
      reachedEnd = true
      break
    }
  }

  let unlisted = 0
  // Only with the organization known: another organization's copies are never found missing.
  if (mode === 'full' && reachedEnd && seenIds.size >= total && organization)
    unlisted = markMissingAsUnlisted(db, organization, seenIds, now)
  if (reachedEnd) {
    writeTransaction(db, () => {
      if (newest !== null)
        writeCacheState(
          db,
          perOrganization(CACHE_STATE_KEYS.submissionsNewestUpdatedAt, scope),
          newest,
        )
      writeCacheState(db, CACHE_STATE_KEYS.submissionsRefreshedAt, now)
      if (mode === 'full')
        writeCacheState(db, perOrganization(CACHE_STATE_KEYS.submissionsFullRefreshAt, scope), now)
    })
  }
  return {
    mode,
    pages,
    received,
    written,
    total,
    markedUnlisted: unlisted,
    refreshedAt: isoTime(now),
  }
}

function newestUpdate(records: readonly ReportRecord[], newest: number | null): number | null {
  let result = newest
  for (const record of records) {
    const at = registryTimeMs(record.updatedAt)
    if (at !== null && (result === null || at > result)) result = at
  }
  return result
}

/** Whether the page holds a record untouched since the cursor (unreadable times never do). */
function reachesCursor(records: readonly ReportRecord[], cursor: number): boolean {
  return records.some((record) => {
    const at = registryTimeMs(record.updatedAt)
    return at !== null && at < cursor
  })
}

/**
 * After a complete full pass: an own report the registry no longer lists has left the list
 * (or is gone), so offline search must stop offering it. A report written after the pass
 * began (the outbox's fresh create) is spared.
 */
function markMissingAsUnlisted(
  db: Db,
  organization: string,
  seenIds: ReadonlySet<string>,
  now: number,
): number {
  const candidates = prepare<[string, string, number], { id: string }>(
    db,
    `SELECT id FROM cached_reports
     WHERE own = 1 AND kind = 'report' AND company_id = ? AND listing_status IS NOT ? AND seen_at < ?`,
  ).all(organization, UNLISTED, now)
  const missing = candidates.filter((row) => !seenIds.has(row.id))
  writeTransaction(db, () => {
    for (const row of missing) markUnlisted(db, row.id, now)
  })
  return missing.length
}

import type { ReportRecord } from '../../shared/domain/responses'
import { type Db, withoutDiskSync, writeTransaction } from '../store/store'
import {
  CACHE_STATE_KEYS,
  perOrganization,
  readCacheNumber,
  readCacheState,
  writeCacheState,
  isoTime,
  registryTimeMs,
  type SubmissionsSource,
  markUnlisted,
  moveOwnFlag,
  ownListedNotSeenSince,
  ownSeenSince,
  savedUpdatedAt,
  upsertRegistryReportsInSlices,
} from '../cache/cache'
import { endFullPass, readFullPass, writeFullPass, type FullPass } from './full-pass'

export const DAY_MS = 24 * 60 * 60 * 1000
export const DEFAULT_SUBMISSIONS_PAGE_SIZE = 100

export interface SubmissionsRefreshOptions {
  now: number
  pageSize?: number
  /**
   * How often at most a full re-page is done instead of an incremental one. The list is
   * newest first, so an incremental refresh does not see an older report that was unlisted or
   * updated since; the full pass catches those. Default: one day. A pass interrupted for
   * longer than this starts again rather than resuming.
   */
  fullRefreshEveryMs?: number
  /** Re-page everything now (the user's "refresh all"). */
  full?: boolean
  signal?: AbortSignal
  /** Called after each page is stored (the flight renews its claim on the folder). */
  onPage?: () => void
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

/** How this refresh reads the list: everything (resuming a pass under way), or only what is new. */
function choosePlan(
  db: Db,
  organization: string,
  options: SubmissionsRefreshOptions,
): { mode: 'full' | 'incremental'; pass: FullPass | null } {
  const lastFull = readCacheNumber(
    db,
    perOrganization(CACHE_STATE_KEYS.submissionsFullRefreshAt, organization),
  )
  const cursor = readCacheNumber(
    db,
    perOrganization(CACHE_STATE_KEYS.submissionsNewestUpdatedAt, organization),
  )
  const every = options.fullRefreshEveryMs ?? DAY_MS
  const { now } = options
  const stored = readFullPass(db, organization)
  // A pass begun long ago (or, by a clock set back, in the future) starts again.
  const pass = stored && now - stored.startedAt < every && stored.startedAt <= now ? stored : null
  if (pass) return { mode: 'full', pass }
  if (options.full || lastFull === undefined || cursor === undefined)
    return { mode: 'full', pass: null }
  // A clock set back (lastFull in the future) also earns a full pass rather than none for days.
  const due = now - lastFull >= every || lastFull > now
  return { mode: due ? 'full' : 'incremental', pass: null }
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
    moveOwnFlag(db, organization)
    writeCacheState(db, CACHE_STATE_KEYS.submissionsOrganization, organization)
  })
}

/**
 * Brings the cache of the organization's own submissions up to date. The first time, and
 * then at most once per `fullRefreshEveryMs`, it pages through everything; otherwise it pages
 * newest first and stops at the first page holding a record last updated before the newest
 * updatedAt seen so far. A full pass keeps how far it got after each page (full-pass.ts): one
 * that was interrupted resumes there, after reading the new reports at the head of the list.
 * Each page is written in slices that give the event loop back between them
 * (sliced-upsert.ts), so what was read is kept if a later page fails. Registry failures are
 * thrown as RegistryError. One refresh at a time per folder: refresh-flight.ts.
 */
export async function runSubmissionsRefresh(
  db: Db,
  client: SubmissionsSource,
  options: SubmissionsRefreshOptions,
): Promise<SubmissionsRefresh> {
  const { now } = options
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? DEFAULT_SUBMISSIONS_PAGE_SIZE))
  const read = (page: number) =>
    client.listSubmissions({ page, limit: pageSize }, { signal: options.signal })
  // The first page says whose submissions these are: the cursor and times are that
  // organization's, and only its cached reports can be found missing.
  const first = await read(1)
  const organization = organizationOf(first.data) ?? (first.meta.total === 0 ? '' : null)
  if (organization !== null) useOrganization(db, organization)
  const scope = organization ?? readCacheState(db, CACHE_STATE_KEYS.submissionsOrganization) ?? ''
  const { mode, pass: resumed } = choosePlan(db, scope, options)
  const cursor = readCacheNumber(
    db,
    perOrganization(CACHE_STATE_KEYS.submissionsNewestUpdatedAt, scope),
  )
  // What was known before this refresh: past it, the list holds nothing new.
  const known = cursor ?? resumed?.newest ?? undefined
  const pass: FullPass | null =
    mode === 'full' ? (resumed ?? { startedAt: now, offset: 0, newest: null }) : null
  // A resumed pass reads the head of the list (what is new since) and then goes on from here,
  // in pages of the size the registry answers.
  const perPage = first.meta.limit > 0 ? first.meta.limit : pageSize
  const resumeAt = pass ? Math.floor(pass.offset / perPage) + 1 : 1
  let newest = cursor ?? resumed?.newest ?? null
  let firstIds: Set<string> | null = null
  let pages = 0
  let received = 0
  let written = 0
  let total = 0
  let reachedEnd = false

  for (let page = 1, answer = first; ; answer = await read(++page)) {
    pages++
    total = answer.meta.total
    const records = answer.data
    received += records.length
    const cachedBefore = known === undefined ? new Map() : cachedUpdates(db, records)
    written += await upsertRegistryReportsInSlices(db, 'report', records, {
      own: true,
      seenAt: now,
    })
    newest = newestUpdate(records, newest)
    options.onPage?.()

    if (records.length === 0) {
      reachedEnd = true
      break
    }
    // The registry's own page size may differ from ours; its meta says where the end is.
    const limit = answer.meta.limit > 0 ? answer.meta.limit : records.length
    if (page * limit >= total) {
      reachedEnd = true
      break
    }
    // Page 2 the same as page 1 means the registry ignores `page`: stop rather than loop
    // forever. A later page all seen before is only the list growing at its head meanwhile.
    if (page === 1) firstIds = new Set(records.map((r) => r.id))
    else if (page === 2 && records.every((r) => firstIds?.has(r.id))) break
    const reachesKnown = known !== undefined && reachesCursor(records, known, cachedBefore)
    if (pass) {
      pass.newest = newestUpdate(records, pass.newest)
      pass.offset = Math.max(pass.offset, page * limit)
      withoutDiskSync(db, () => writeFullPass(db, scope, pass))
      // The head is read; the pages before where the pass stopped were read by it already.
      if (reachesKnown && page + 1 < resumeAt) page = resumeAt - 1
    } else if (reachesKnown) {
      reachedEnd = true
      break
    }
  }

  let unlisted = 0
  // Only with the organization known: another organization's copies are never found missing.
  if (pass && reachedEnd && organization && seenSince(db, organization, pass.startedAt) >= total)
    unlisted = markMissingAsUnlisted(db, organization, pass.startedAt, now)
  if (reachedEnd) {
    writeTransaction(db, () => {
      if (newest !== null)
        writeCacheState(
          db,
          perOrganization(CACHE_STATE_KEYS.submissionsNewestUpdatedAt, scope),
          newest,
        )
      writeCacheState(db, CACHE_STATE_KEYS.submissionsRefreshedAt, now)
      if (mode === 'full') {
        writeCacheState(db, perOrganization(CACHE_STATE_KEYS.submissionsFullRefreshAt, scope), now)
        endFullPass(db, scope)
      }
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

/**
 * Whether the page reaches what the cache knew before this refresh: a record last updated
 * before the cursor, or one updated at the cursor that the cache already holds as it is (a
 * bulk file's reports share one updatedAt, and a page of them all "at" the cursor must still
 * count as known). Unreadable times never do.
 */
function reachesCursor(
  records: readonly ReportRecord[],
  cursor: number,
  cachedBefore: ReadonlyMap<string, number | null>,
): boolean {
  return records.some((record) => {
    const at = registryTimeMs(record.updatedAt)
    return at !== null && (at < cursor || (at === cursor && cachedBefore.get(record.id) === at))
  })
}

/** The cached updatedAt of the page's reports, read before the page is written. */
function cachedUpdates(db: Db, records: readonly ReportRecord[]): Map<string, number | null> {
  return savedUpdatedAt(
    db,
    records.map((record) => record.id),
  )
}

/** How many of the organization's cached reports were seen since `since` (a pass's start). */
function seenSince(db: Db, organization: string, since: number): number {
  return ownSeenSince(db, organization, since)
}

/**
 * After a complete full pass: an own report the registry no longer lists has left the list
 * (or is gone), so offline search must stop offering it. Every report the pass read was
 * marked seen then, so the missing are those not seen since it began; a report written after
 * the pass began (the outbox's fresh create) is spared the same way.
 */
function markMissingAsUnlisted(db: Db, organization: string, since: number, now: number): number {
  const missing = ownListedNotSeenSince(db, organization, since)
  writeTransaction(db, () => {
    for (const id of missing) markUnlisted(db, id, now)
  })
  return missing.length
}

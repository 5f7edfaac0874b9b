import { type Db, prepare } from '../store/store'

/** Keys of the cache's small key/value table (cursors and times of refreshes). */
export const CACHE_STATE_KEYS = {
  /** Epoch ms of the last refresh of own submissions that reached its end (full or incremental). */
  submissionsRefreshedAt: 'submissions.refreshedAt',
  /** Epoch ms of the last complete full re-page of own submissions. */
  submissionsFullRefreshAt: 'submissions.fullRefreshAt',
  /** The newest registry updatedAt (epoch ms) seen in own submissions: the incremental cursor. */
  submissionsNewestUpdatedAt: 'submissions.newestUpdatedAt',
  /**
   * The organization (registry companyId) the API key in use belongs to, learned from its
   * submissions; '' when its list is empty. Own submissions are that organization's.
   */
  submissionsOrganization: 'submissions.organization',
  /**
   * A full re-page under way (JSON: when it began, how far it got, the newest updatedAt it
   * saw), so one that was interrupted resumes where it stopped instead of starting again.
   */
  submissionsFullPass: 'submissions.fullPass',
  /** The process refreshing own submissions now (JSON: holder, until), so another one waits. */
  submissionsRefreshClaim: 'submissions.refreshClaim',
} as const

type BaseKey = (typeof CACHE_STATE_KEYS)[keyof typeof CACHE_STATE_KEYS]
/** A key, or a key kept per organization (`submissions.fullRefreshAt@<companyId>`). */
export type CacheStateKey = BaseKey | `${BaseKey}@${string}`

/** The key of `key` for one organization: each keeps its own refresh cursor and times. */
export function perOrganization(key: BaseKey, organization: string): CacheStateKey {
  return `${key}@${organization}`
}

export function readCacheState(db: Db, key: CacheStateKey): string | undefined {
  return prepare<[string], { value: string }>(
    db,
    'SELECT value FROM cache_state WHERE key = ?',
  ).get(key)?.value
}

/** A number stored under `key`, or undefined when absent or not a number. */
export function readCacheNumber(db: Db, key: CacheStateKey): number | undefined {
  const value = readCacheState(db, key)
  if (value === undefined) return undefined
  const n = Number(value)
  return Number.isFinite(n) ? n : undefined
}

export function writeCacheState(db: Db, key: CacheStateKey, value: string | number): void {
  prepare(
    db,
    'INSERT INTO cache_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, String(value))
}

export function deleteCacheState(db: Db, key: CacheStateKey): void {
  prepare(db, 'DELETE FROM cache_state WHERE key = ?').run(key)
}

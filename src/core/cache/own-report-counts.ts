import type { ReadQuery } from '../store/store'

/*
 * The organization's own reports in the saved copy counted in SQL, for Insights
 * (insights/insights-summary.ts batches these reads with the outbox's and the bank list's on the
 * core's reading thread, one snapshot for all). Read through their indexes:
 * cached_reports_own_type and cached_reports_own_created for the reports, whose partial indexes
 * need the literal `own = 1 AND kind = 'report'`, and cached_own_account_banks (migration 0007:
 * each own report's banks, kept by triggers on the identifiers) for the accounts.
 */

const DAY_MS = 86_400_000

/** The organization's own reports, as the Submissions list holds them (own-reports.ts). */
const OWN = `own = 1 AND kind = 'report'`

const BY_TYPE_AND_LISTING_SQL = `
  SELECT fraud_type AS fraudType, listing_status AS listing, count(*) AS n
  FROM cached_reports INDEXED BY cached_reports_own_type WHERE ${OWN}
  GROUP BY fraud_type, listing_status`

/*
 * The own reports by the day they were filed in the person's zone, down the list's index
 * (created_at first): one row a day that has any, made into months by the caller.
 */
const OWN_CREATED = `cached_reports INDEXED BY cached_reports_own_created WHERE ${OWN}`
const UNDATED_SQL = `SELECT count(*) AS n FROM ${OWN_CREATED} AND created_at IS NULL`
const LOCAL_MS = `(created_at + CAST(@offsetMs AS INTEGER))`
/** Rounded down, as Math.floor does, for a date before 1970 too (SQL's division rounds to zero). */
const CREATED_BY_DAY_SQL = `
  SELECT CASE WHEN ${LOCAL_MS} >= 0 THEN ${LOCAL_MS} / ${DAY_MS}
    ELSE (${LOCAL_MS} - ${DAY_MS - 1}) / ${DAY_MS} END AS day, count(*) AS n
  FROM ${OWN_CREATED} AND created_at IS NOT NULL GROUP BY day`

const NO_BANK_SQL = `SELECT count(*) AS n FROM cached_own_account_banks WHERE slug = ''`

/** Reports naming any account, distinct in the unique index's order (report_row first): no sort. */
const WITH_ACCOUNTS_SQL = `SELECT count(DISTINCT report_row) AS n FROM cached_own_account_banks`

const CACHE_STATE_SQL = `SELECT value FROM cache_state WHERE key = ?`

/** Rows { fraudType, listing, n }: the own reports by fraud type and listing. */
export const ownByTypeAndListing = (): ReadQuery => ({ sql: BY_TYPE_AND_LISTING_SQL })

/** Row { n }: the own reports with no creation time. */
export const ownUndated = (): ReadQuery => ({ sql: UNDATED_SQL, get: true })

/** Rows { day, n }: the own reports by the day (since 1970, in the zone `offsetMs` east) filed. */
export const ownCreatedByDay = (offsetMs: number): ReadQuery => ({
  sql: CREATED_BY_DAY_SQL,
  params: { offsetMs },
})

/** Row { n }: the own reports naming an account without its bank. */
export const ownAccountsWithoutBank = (): ReadQuery => ({ sql: NO_BANK_SQL, get: true })

/** Row { n }: the own reports naming any account. */
export const ownWithAccounts = (): ReadQuery => ({ sql: WITH_ACCOUNTS_SQL, get: true })

/** Row { value } or none: what the cache keeps under `key` (cache-state.ts's keys). */
export const cacheStateValue = (key: string): ReadQuery => ({
  sql: CACHE_STATE_SQL,
  params: [key],
  get: true,
})

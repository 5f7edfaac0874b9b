import {
  INSIGHTS_BANKS,
  INSIGHTS_DAYS,
  INSIGHTS_MONTHS,
  type InsightsSummary,
} from '../../shared/contracts/insights'
import { CACHE_STATE_KEYS } from '../cache/cache-state'
import type { CoreContext } from '../core-context'
import type { Db } from '../store/open-database'
import { startReader, type ReadQuery, type Reader } from '../store/read-thread'

/*
 * The organization's reports saved on this computer, and the outbox's last days, counted in
 * SQL: what leaves the core is a few hundred numbers whatever the size of the cache, never a
 * record. Insights only reads; the tables are the cache's (cached_reports, cached_own_account_banks,
 * cached_banks, cache_state) and the outbox's (operations), read through their indexes:
 * cached_reports_own_type and cached_reports_own_created for the reports,
 * cached_own_account_banks (migration 0007: each own report's banks, kept by triggers on the
 * identifiers) for the accounts, and operations_open and operations_finished (migration 0005)
 * for the outbox.
 */

const DAY_MS = 86_400_000

/** The organization's own reports, as the Submissions list holds them (own-submissions.ts). */
const OWN = `own = 1 AND kind = 'report'`

const BY_TYPE_AND_LISTING_SQL = `
  SELECT fraud_type AS fraudType, listing_status AS listing, count(*) AS n
  FROM cached_reports INDEXED BY cached_reports_own_type WHERE ${OWN}
  GROUP BY fraud_type, listing_status`

/*
 * The own reports by the day they were filed in the person's zone, down the list's index
 * (created_at first): one row a day that has any, made into months here. Read on the core's
 * reading thread with the rest, so its scan of every own report holds no one.
 */
const OWN_CREATED = `cached_reports INDEXED BY cached_reports_own_created WHERE ${OWN}`
const UNDATED_SQL = `SELECT count(*) AS n FROM ${OWN_CREATED} AND created_at IS NULL`
const LOCAL_MS = `(created_at + CAST(@offsetMs AS INTEGER))`
/** Rounded down, as Math.floor does, for a date before 1970 too (SQL's division rounds to zero). */
const CREATED_BY_DAY_SQL = `
  SELECT CASE WHEN ${LOCAL_MS} >= 0 THEN ${LOCAL_MS} / ${DAY_MS}
    ELSE (${LOCAL_MS} - ${DAY_MS - 1}) / ${DAY_MS} END AS day, count(*) AS n
  FROM ${OWN_CREATED} AND created_at IS NOT NULL GROUP BY day`

/**
 * The own reports' banks (migration 0007's table: one (report, slug) pair each, slug '' for an
 * account without its bank), counted by the name the bank list gives each slug: two slugs of
 * one name (a renamed bank) are one bank, and a report with accounts at both counts once; the
 * slugs the list does not name are counted together (name null).
 */
const BY_BANK_NAME_SQL = `
  SELECT b.name AS name, count(DISTINCT a.report_row) AS n
  FROM cached_own_account_banks a LEFT JOIN cached_banks b ON b.slug = a.slug
  WHERE a.slug <> '' GROUP BY b.name`

const NO_BANK_SQL = `SELECT count(*) AS n FROM cached_own_account_banks WHERE slug = ''`

/** Reports naming any account, distinct in the unique index's order (report_row first): no sort. */
const WITH_ACCOUNTS_SQL = `SELECT count(DISTINCT report_row) AS n FROM cached_own_account_banks`

const BANK_LIST_SQL = `SELECT count(*) AS n FROM cached_banks`

/** Sent and discarded, by the day they finished (operations_finished). */
const FINISHED_BY_DAY_SQL = `
  SELECT state, (updated_at + CAST(@offsetMs AS INTEGER)) / ${DAY_MS} AS day, count(*) AS n
  FROM operations WHERE state IN ('done', 'cancelled') AND updated_at >= @fromMs
  GROUP BY state, day`

/** Still open, by the day they were queued (operations_open holds them all). */
const OPEN_BY_DAY_SQL = `
  SELECT state = 'needs_attention' AS attention, (created_at + CAST(@offsetMs AS INTEGER)) / ${DAY_MS} AS day,
    count(*) AS n
  FROM operations WHERE state NOT IN ('done', 'cancelled')
  GROUP BY attention, day`

/** A day number (days since 1970-01-01 in the person's zone) as 2026-03-14. */
const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** Months since 0000-01 of a day number, and back to 2026-03. */
const monthIndexOf = (day: number): number => {
  const date = new Date(day * DAY_MS)
  return date.getUTCFullYear() * 12 + date.getUTCMonth()
}
const monthText = (index: number): string =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`

export interface InsightsOptions {
  /** Minutes east of UTC of the person's clock; this process's own when left out. */
  utcOffsetMinutes?: number
}

/**
 * The last report sent from here (the sync puts it in the saved copy as it is sent): read from
 * the newest end of operations_finished (its partial index's own condition, repeated, lets
 * SQLite take it), stopping at the first report's operation.
 */
const LAST_SENT_SQL = `
  SELECT updated_at AS at FROM operations INDEXED BY operations_finished
  WHERE state IN ('done', 'cancelled') AND state = 'done' AND kind IN ('create_report', 'update_report', 'unlist_report', 'bulk_upload')
  ORDER BY updated_at DESC LIMIT 1`

const SUBMISSIONS_REFRESHED_SQL = `SELECT value FROM cache_state WHERE key = ?`

type Count = { n: number } | undefined
type DayCount = { day: number; n: number }
const isoOf = (ms: number | null | undefined) =>
  ms === null || ms === undefined || !Number.isFinite(ms) ? null : new Date(ms).toISOString()

function listingAndTypes(rows: { fraudType: string | null; listing: string | null; n: number }[]) {
  const listing = { listed: 0, unlisted: 0, other: 0 }
  const types = new Map<string | null, number>()
  let reports = 0
  for (const row of rows) {
    reports += row.n
    if (row.listing === 'listed') listing.listed += row.n
    else if (row.listing === 'unlisted') listing.unlisted += row.n
    else listing.other += row.n
    // An empty type is no type: the registry's list has no "" (a hand-edited row might).
    const type = row.fraudType?.trim() ? row.fraudType : null
    types.set(type, (types.get(type) ?? 0) + row.n)
  }
  const byFraudType = [...types]
    .map(([fraudType, n]) => ({ fraudType, reports: n }))
    .sort(
      (a, b) =>
        b.reports - a.reports ||
        // No type last among equals, then by the registry's word.
        Number(a.fraudType === null) - Number(b.fraudType === null) ||
        (a.fraudType ?? '').localeCompare(b.fraudType ?? ''),
    )
  return { reports, listing, byFraudType }
}

function byMonth(days: DayCount[], undated: number, today: number): InsightsSummary['byMonth'] {
  if (days.length === 0) return { months: [], earlier: 0, later: 0, undated }
  const perMonth = new Map<number, number>()
  for (const { day, n } of days) {
    const month = monthIndexOf(day)
    perMonth.set(month, (perMonth.get(month) ?? 0) + n)
  }
  const firstMonth = Math.min(...perMonth.keys())
  const lastMonth = Math.max(...perMonth.keys())
  // From the first month with a report, at most INSIGHTS_MONTHS back, to the last one with a
  // report, never past this month: a date in 2999 must not stretch the picture to it.
  const last = Math.min(lastMonth, monthIndexOf(today))
  const first = Math.max(firstMonth, last - INSIGHTS_MONTHS + 1)
  const months = []
  for (let month = first; month <= last; month++)
    months.push({ month: monthText(month), reports: perMonth.get(month) ?? 0 })
  let earlier = 0
  let later = 0
  for (const [month, n] of perMonth) {
    if (month < first) earlier += n
    else if (month > last) later += n
  }
  return { months, earlier, later, undated }
}

function byBank(
  named: { name: string | null; n: number }[],
  counts: { noBank: number; withAccounts: number; bankList: number },
): InsightsSummary['byBank'] {
  const banks: { name: string; reports: number }[] = []
  let notInBankList = 0
  for (const { name, n } of named) {
    if (name === null) notInBankList = n
    else banks.push({ name, reports: n })
  }
  banks.sort((a, b) => b.reports - a.reports || a.name.localeCompare(b.name))
  const rest = banks.slice(INSIGHTS_BANKS)
  return {
    withAccounts: counts.withAccounts,
    banks: banks.slice(0, INSIGHTS_BANKS),
    otherBanks: { banks: rest.length, reports: rest.reduce((sum, bank) => sum + bank.reports, 0) },
    notInBankList,
    noBank: counts.noBank,
    bankListSaved: counts.bankList > 0,
  }
}

function outboxDays(
  finished: { state: 'done' | 'cancelled'; day: number; n: number }[],
  open: { attention: number; day: number; n: number }[],
  today: number,
): InsightsSummary['outbox'] {
  const first = today - INSIGHTS_DAYS + 1
  const days = Array.from({ length: INSIGHTS_DAYS }, (_, i) => ({
    day: dayText(first + i),
    sent: 0,
    waiting: 0,
    needsAttention: 0,
    discarded: 0,
  }))
  const at = (day: number) => (day >= first && day <= today ? days[day - first] : undefined)
  for (const row of finished) {
    const entry = at(row.day)
    if (!entry) continue
    if (row.state === 'done') entry.sent += row.n
    else entry.discarded += row.n
  }
  const olderOpen = { waiting: 0, needsAttention: 0 }
  for (const row of open) {
    // Queued "tomorrow" (this computer's clock moved back) still shows: on today.
    const entry = row.day < first ? olderOpen : (at(Math.min(row.day, today)) ?? olderOpen)
    if (row.attention) entry.needsAttention += row.n
    else entry.waiting += row.n
  }
  return { days, olderOpen }
}

/**
 * The figures of the Insights screen, counted now: every query in one batch on the core's
 * reading thread (store/read-thread.ts), in one read transaction, so the figures agree with
 * each other even while the outbox sends, and their scans of every own report never hold the
 * core's loop. Without a reader (a test's bare database), read on the connection.
 */
export async function insightsSummary(
  core: Pick<CoreContext, 'db' | 'clock'> & { reader?: Reader },
  options: InsightsOptions = {},
): Promise<InsightsSummary> {
  const now = core.clock.now()
  const utcOffsetMinutes = options.utcOffsetMinutes ?? -new Date(now).getTimezoneOffset()
  const offsetMs = utcOffsetMinutes * 60_000
  const today = Math.floor((now + offsetMs) / DAY_MS)
  const fromMs = (today - INSIGHTS_DAYS + 1) * DAY_MS - offsetMs
  const get = (sql: string, params?: ReadQuery['params']): ReadQuery => ({ sql, params, get: true })
  const all = (sql: string, params?: ReadQuery['params']): ReadQuery => ({ sql, params })
  const reader = core.reader ?? connectionReader(core.db)
  const [
    refreshed,
    sent,
    types,
    undated,
    days,
    named,
    noBank,
    withAccounts,
    bankList,
    finished,
    open,
  ] = await reader.read([
    get(SUBMISSIONS_REFRESHED_SQL, [CACHE_STATE_KEYS.submissionsRefreshedAt]),
    get(LAST_SENT_SQL),
    all(BY_TYPE_AND_LISTING_SQL),
    get(UNDATED_SQL),
    all(CREATED_BY_DAY_SQL, { offsetMs }),
    all(BY_BANK_NAME_SQL),
    get(NO_BANK_SQL),
    get(WITH_ACCOUNTS_SQL),
    get(BANK_LIST_SQL),
    all(FINISHED_BY_DAY_SQL, { offsetMs, fromMs }),
    all(OPEN_BY_DAY_SQL, { offsetMs }),
  ])
  const n = (row: unknown) => (row as Count)?.n ?? 0
  return {
    asOf: isoOf(Number((refreshed as { value?: string } | undefined)?.value ?? Number.NaN)),
    sentAt: isoOf((sent as { at: number } | undefined)?.at),
    countedAt: new Date(now).toISOString(),
    utcOffsetMinutes,
    ...listingAndTypes(types as Parameters<typeof listingAndTypes>[0]),
    byMonth: byMonth(days as DayCount[], n(undated), today),
    byBank: byBank(named as { name: string | null; n: number }[], {
      noBank: n(noBank),
      withAccounts: n(withAccounts),
      bankList: n(bankList),
    }),
    outbox: outboxDays(
      finished as Parameters<typeof outboxDays>[0],
      open as Parameters<typeof outboxDays>[1],
      today,
    ),
  }
}

/** Reads on the connection itself (a bare database with no core around it). */
const connectionReader = (db: Db): Reader => startReader(db, ':memory:')

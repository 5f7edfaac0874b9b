import {
  INSIGHTS_BANKS,
  INSIGHTS_DAYS,
  INSIGHTS_MONTHS,
  type InsightsSummary,
} from '../../shared/contract-insights'
import { CACHE_STATE_KEYS, readCacheNumber } from '../cache/cache-state'
import type { CoreContext } from '../core-context'
import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'

/*
 * The organization's reports saved on this computer, and the outbox's last days, counted in
 * SQL: what leaves the core is a few hundred numbers whatever the size of the cache, never a
 * record. Insights only reads; the tables are the cache's (cached_reports, cached_identifiers,
 * cached_banks, cache_state) and the outbox's (operations), read through their indexes:
 * cached_reports_own_type and cached_reports_own_created for the reports,
 * cached_identifiers_lookup for the accounts, and operations_open and operations_finished
 * (migration 0005) for the outbox.
 */

const DAY_MS = 86_400_000

/** The organization's own reports, as the Submissions list holds them (own-submissions.ts). */
const OWN = `own = 1 AND kind = 'report'`

/**
 * Their row ids, read from the list's covering index: an account is kept when its report is
 * among them (a Bloom filter and an in-memory list), not by a lookup of each report's row,
 * whose JSON spreads it over many pages (213 ms against 90 ms over 60,000 accounts).
 */
const OWN_ROWS = `SELECT row_id FROM cached_reports INDEXED BY cached_reports_own_created WHERE ${OWN}`

const BY_TYPE_AND_LISTING_SQL = `
  SELECT fraud_type AS fraudType, listing_status AS listing, count(*) AS n
  FROM cached_reports INDEXED BY cached_reports_own_type WHERE ${OWN}
  GROUP BY fraud_type, listing_status`

/** Days in the person's time zone (integer days since 1970-01-01 there); null when undated. */
const BY_DAY_SQL = `
  SELECT (created_at + CAST(@offsetMs AS INTEGER)) / ${DAY_MS} AS day, count(*) AS n
  FROM cached_reports INDEXED BY cached_reports_own_created WHERE ${OWN}
  GROUP BY day`

/**
 * An account is `<account_number>_<bank_slug>`, split at the first underscore as
 * splitAccountValue does: no underscore, or nothing before or after it, is an account without
 * its bank (slug null). A report counts once for each bank it names an account at, once among
 * the banks the list does not name, once among accounts without a bank. Only the
 * `account` label is read: an identifier of a type we do not know never counts as a bank.
 */
const BY_BANK_SQL = `
  WITH accounts AS (
    SELECT i.report_row AS report, i.value AS value, instr(i.value, '_') AS at
    FROM cached_identifiers i WHERE i.label = 'account' AND i.report_row IN (${OWN_ROWS})
  ), slugs AS (
    SELECT report,
      CASE WHEN at > 1 AND at < length(value) THEN substr(value, at + 1) END AS slug
    FROM accounts
  )
  SELECT b.slug IS NOT NULL AS banked, c.name AS name, count(DISTINCT b.report) AS n
  FROM slugs b LEFT JOIN cached_banks c ON c.slug = b.slug
  GROUP BY banked, c.name`

const WITH_ACCOUNTS_SQL = `
  SELECT count(DISTINCT report_row) AS n
  FROM cached_identifiers WHERE label = 'account' AND report_row IN (${OWN_ROWS})`

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

function asOfSubmissions(db: Db): string | null {
  const ms = readCacheNumber(db, CACHE_STATE_KEYS.submissionsRefreshedAt)
  return ms === undefined ? null : new Date(ms).toISOString()
}

function listingAndTypes(db: Db) {
  const listing = { listed: 0, unlisted: 0, other: 0 }
  const types = new Map<string | null, number>()
  let reports = 0
  for (const row of prepare<[], { fraudType: string | null; listing: string | null; n: number }>(
    db,
    BY_TYPE_AND_LISTING_SQL,
  ).all()) {
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

function byMonth(db: Db, offsetMs: number, today: number): InsightsSummary['byMonth'] {
  const counts = new Map<number, number>()
  let undated = 0
  for (const row of prepare<[{ offsetMs: number }], { day: number | null; n: number }>(
    db,
    BY_DAY_SQL,
  ).all({ offsetMs })) {
    if (row.day === null) undated += row.n
    else {
      const month = monthIndexOf(row.day)
      counts.set(month, (counts.get(month) ?? 0) + row.n)
    }
  }
  const thisMonth = monthIndexOf(today)
  const known = [...counts.keys()]
  if (known.length === 0) return { months: [], earlier: 0, later: 0, undated }
  // From the first month with a report, at most INSIGHTS_MONTHS back, to the last one with a
  // report, never past this month: a date in 2999 must not stretch the picture to it.
  const last = Math.min(Math.max(...known), thisMonth)
  const first = Math.max(Math.min(...known), last - INSIGHTS_MONTHS + 1)
  let earlier = 0
  let later = 0
  for (const [month, n] of counts) {
    if (month < first) earlier += n
    else if (month > last) later += n
  }
  const months = []
  for (let month = first; month <= last; month++)
    months.push({ month: monthText(month), reports: counts.get(month) ?? 0 })
  return { months, earlier, later, undated }
}

function byBank(db: Db): InsightsSummary['byBank'] {
  const banks: { name: string; reports: number }[] = []
  let notInBankList = 0
  let noBank = 0
  // By name, so two slugs the list gives one name (a renamed bank) are one bank, and a report
  // with accounts at both counts once.
  for (const row of prepare<[], { banked: number; name: string | null; n: number }>(
    db,
    BY_BANK_SQL,
  ).all()) {
    if (!row.banked) noBank += row.n
    else if (row.name === null) notInBankList += row.n
    else banks.push({ name: row.name, reports: row.n })
  }
  banks.sort((a, b) => b.reports - a.reports || a.name.localeCompare(b.name))
  const rest = banks.slice(INSIGHTS_BANKS)
  return {
    withAccounts: prepare<[], { n: number }>(db, WITH_ACCOUNTS_SQL).get()?.n ?? 0,
    banks: banks.slice(0, INSIGHTS_BANKS),
    otherBanks: { banks: rest.length, reports: rest.reduce((sum, bank) => sum + bank.reports, 0) },
    notInBankList,
    noBank,
    bankListSaved:
      prepare<[], { n: number }>(db, 'SELECT count(*) AS n FROM cached_banks').get()?.n !== 0,
  }
}

function outboxDays(db: Db, offsetMs: number, today: number): InsightsSummary['outbox'] {
  const first = today - INSIGHTS_DAYS + 1
  const days = Array.from({ length: INSIGHTS_DAYS }, (_, i) => ({
    day: dayText(first + i),
    sent: 0,
    waiting: 0,
    needsAttention: 0,
    discarded: 0,
  }))
  const at = (day: number) => (day >= first && day <= today ? days[day - first] : undefined)
  const fromMs = first * DAY_MS - offsetMs
  for (const row of prepare<
    [{ offsetMs: number; fromMs: number }],
    { state: 'done' | 'cancelled'; day: number; n: number }
  >(db, FINISHED_BY_DAY_SQL).all({ offsetMs, fromMs })) {
    const entry = at(row.day)
    if (!entry) continue
    if (row.state === 'done') entry.sent += row.n
    else entry.discarded += row.n
  }
  const olderOpen = { waiting: 0, needsAttention: 0 }
  for (const row of prepare<[{ offsetMs: number }], { attention: number; day: number; n: number }>(
    db,
    OPEN_BY_DAY_SQL,
  ).all({ offsetMs })) {
    // Queued "tomorrow" (this computer's clock moved back) still shows: on today.
    const entry = row.day < first ? olderOpen : (at(Math.min(row.day, today)) ?? olderOpen)
    if (row.attention) entry.needsAttention += row.n
    else entry.waiting += row.n
  }
  return { days, olderOpen }
}

/** The figures of the Insights screen, counted now. */
export function insightsSummary(
  core: Pick<CoreContext, 'db' | 'clock'>,
  options: InsightsOptions = {},
): InsightsSummary {
  const now = core.clock.now()
  const utcOffsetMinutes = options.utcOffsetMinutes ?? -new Date(now).getTimezoneOffset()
  const offsetMs = utcOffsetMinutes * 60_000
  const today = Math.floor((now + offsetMs) / DAY_MS)
  const db = core.db
  // One read transaction: the figures agree with each other even while the outbox sends.
  return db.transaction(() => ({
    asOf: asOfSubmissions(db),
    countedAt: new Date(now).toISOString(),
    utcOffsetMinutes,
    ...listingAndTypes(db),
    byMonth: byMonth(db, offsetMs, today),
    byBank: byBank(db),
    outbox: outboxDays(db, offsetMs, today),
  }))()
}

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
import { readTransaction } from '../store/write-transaction'

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
 * Months are counted as ranges of the list's index (created_at first): the first and last
 * dates, then a count between two month starts for each month shown, one before them and one
 * after. Each reads its stretch of the index once and nothing is sorted: 4 ms over 100,000
 * reports, against 14 ms grouping each report's day in a temporary b-tree.
 */
const OWN_CREATED = `cached_reports INDEXED BY cached_reports_own_created WHERE ${OWN}`
const FIRST_CREATED_SQL = `SELECT min(created_at) AS at FROM ${OWN_CREATED}`
const LAST_CREATED_SQL = `SELECT max(created_at) AS at FROM ${OWN_CREATED}`
const UNDATED_SQL = `SELECT count(*) AS n FROM ${OWN_CREATED} AND created_at IS NULL`
const CREATED_BETWEEN_SQL = `
  SELECT count(*) AS n FROM ${OWN_CREATED} AND created_at >= @fromMs AND created_at < @toMs`

/**
 * The own reports' banks, one (report, slug) pair each, as migration 0007's table holds them
 * (slug '' for an account without its bank): a count per slug on the slug index, with no
 * temporary b-tree, since a report is in a slug's range once.
 */
const BY_SLUG_SQL = `
  SELECT slug, count(*) AS n
  FROM cached_own_account_banks INDEXED BY cached_own_account_banks_slug GROUP BY slug`

/** Reports counted once however many of the given slugs they name (a report at two of them). */
const REPORTS_AT_SLUGS_SQL = `
  SELECT count(DISTINCT report_row) AS n
  FROM cached_own_account_banks INDEXED BY cached_own_account_banks_slug
  WHERE slug IN (SELECT value FROM json_each(?))`

/** Reports naming any account, distinct in the unique index's order (report_row first): no sort. */
const WITH_ACCOUNTS_SQL = `SELECT count(DISTINCT report_row) AS n FROM cached_own_account_banks`

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

/**
 * The last report sent from here (the sync puts it in the saved copy as it is sent): read from
 * the newest end of operations_finished (its partial index's own condition, repeated, lets
 * SQLite take it), stopping at the first report's operation.
 */
const LAST_SENT_SQL = `
  SELECT updated_at AS at FROM operations INDEXED BY operations_finished
  WHERE state IN ('done', 'cancelled') AND state = 'done' AND kind IN ('create_report', 'update_report', 'unlist_report', 'bulk_upload')
  ORDER BY updated_at DESC LIMIT 1`

function lastSent(db: Db): string | null {
  const row = prepare<[], { at: number }>(db, LAST_SENT_SQL).get()
  return row ? new Date(row.at).toISOString() : null
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

/** When a month (months since 0000-01) starts in the person's zone, in epoch ms. */
function monthStartMs(month: number, offsetMs: number): number {
  const date = new Date(0)
  // setUTCFullYear, not Date.UTC, which reads the years 0-99 as 1900-1999.
  date.setUTCFullYear(Math.floor(month / 12), ((month % 12) + 12) % 12, 1)
  return date.getTime() - offsetMs
}

function byMonth(db: Db, offsetMs: number, today: number): InsightsSummary['byMonth'] {
  const undated = prepare<[], { n: number }>(db, UNDATED_SQL).get()?.n ?? 0
  const firstAt = prepare<[], { at: number | null }>(db, FIRST_CREATED_SQL).get()?.at ?? null
  const lastAt = prepare<[], { at: number | null }>(db, LAST_CREATED_SQL).get()?.at ?? null
  if (firstAt === null || lastAt === null) return { months: [], earlier: 0, later: 0, undated }
  const monthOf = (ms: number) => monthIndexOf(Math.floor((ms + offsetMs) / DAY_MS))
  const between = prepare<[{ fromMs: number; toMs: number }], { n: number }>(
    db,
    CREATED_BETWEEN_SQL,
  )
  const count = (from: number, to: number) =>
    between.get({ fromMs: monthStartMs(from, offsetMs), toMs: monthStartMs(to, offsetMs) })?.n ?? 0
  // From the first month with a report, at most INSIGHTS_MONTHS back, to the last one with a
  // report, never past this month: a date in 2999 must not stretch the picture to it.
  const last = Math.min(monthOf(lastAt), monthIndexOf(today))
  const first = Math.max(monthOf(firstAt), last - INSIGHTS_MONTHS + 1)
  const months = []
  for (let month = first; month <= last; month++)
    months.push({ month: monthText(month), reports: count(month, month + 1) })
  const earlier = first > monthOf(firstAt) ? count(monthOf(firstAt), first) : 0
  const later = monthOf(lastAt) > last ? count(last + 1, monthOf(lastAt) + 1) : 0
  return { months, earlier, later, undated }
}

function byBank(db: Db): InsightsSummary['byBank'] {
  const names = new Map(
    prepare<[], { slug: string; name: string }>(db, 'SELECT slug, name FROM cached_banks')
      .all()
      .map((bank) => [bank.slug, bank.name]),
  )
  // The slugs present, by the name the bank list gives them (null: not in the list).
  const slugsOf = new Map<string | null, { slugs: string[]; reports: number }>()
  let noBank = 0
  for (const row of prepare<[], { slug: string; n: number }>(db, BY_SLUG_SQL).all()) {
    if (row.slug === '') {
      noBank = row.n
      continue
    }
    const name = names.get(row.slug) ?? null
    const entry = slugsOf.get(name) ?? { slugs: [], reports: 0 }
    entry.slugs.push(row.slug)
    entry.reports += row.n
    slugsOf.set(name, entry)
  }
  // By name, so two slugs the list gives one name (a renamed bank) are one bank, and a report
  // with accounts at both counts once; the same for the banks the list does not name. One slug
  // is its own count; only several are counted again, over their rows alone.
  const reportsOf = ({ slugs, reports }: { slugs: string[]; reports: number }) =>
    slugs.length === 1
      ? reports
      : (prepare<[string], { n: number }>(db, REPORTS_AT_SLUGS_SQL).get(JSON.stringify(slugs))?.n ??
        0)
  const banks: { name: string; reports: number }[] = []
  let notInBankList = 0
  for (const [name, entry] of slugsOf) {
    if (name === null) notInBankList = reportsOf(entry)
    else banks.push({ name, reports: reportsOf(entry) })
  }
  banks.sort((a, b) => b.reports - a.reports || a.name.localeCompare(b.name))
  const rest = banks.slice(INSIGHTS_BANKS)
  return {
    withAccounts: prepare<[], { n: number }>(db, WITH_ACCOUNTS_SQL).get()?.n ?? 0,
    banks: banks.slice(0, INSIGHTS_BANKS),
    otherBanks: { banks: rest.length, reports: rest.reduce((sum, bank) => sum + bank.reports, 0) },
    notInBankList,
    noBank,
    bankListSaved: names.size > 0,
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
  return readTransaction(db, () => ({
    asOf: asOfSubmissions(db),
    sentAt: lastSent(db),
    countedAt: new Date(now).toISOString(),
    utcOffsetMinutes,
    ...listingAndTypes(db),
    byMonth: byMonth(db, offsetMs, today),
    byBank: byBank(db),
    outbox: outboxDays(db, offsetMs, today),
  }))
}

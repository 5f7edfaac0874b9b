import {
  INSIGHTS_BANKS,
  INSIGHTS_DAYS,
  INSIGHTS_MONTHS,
  type InsightsSummary,
} from '../../shared/contracts/insights'
import { bankListSize } from '../banks/banks'
import {
  CACHE_STATE_KEYS,
  cacheStateValue,
  ownAccountsWithoutBank,
  ownByTypeAndListing,
  ownCreatedByDay,
  ownReportsByBankName,
  ownUndated,
  ownWithAccounts,
} from '../cache/cache'
import type { CoreContext } from '../core-context'
import { finishedByDay, lastReportSent, openByDay } from '../outbox/outbox'
import { type Db, startReader, type Reader } from '../store/store'

/*
 * The organization's reports saved on this computer, and the outbox's last days, counted in
 * SQL: what leaves the core is a few hundred numbers whatever the size of the cache, never a
 * record. Insights only reads, and asks each table's owner for its reads (docs/architecture.md,
 * "Tables and their owners"): the cache's (cache/own-report-counts.ts, cache/bank-names.ts),
 * the bank list's (banks) and the outbox's (outbox/outbox-days.ts), batched here in one read.
 */

const DAY_MS = 86_400_000

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
    cacheStateValue(CACHE_STATE_KEYS.submissionsRefreshedAt),
    lastReportSent(),
    ownByTypeAndListing(),
    ownUndated(),
    ownCreatedByDay(offsetMs),
    ownReportsByBankName(),
    ownAccountsWithoutBank(),
    ownWithAccounts(),
    bankListSize(),
    finishedByDay(offsetMs, fromMs),
    openByDay(offsetMs),
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

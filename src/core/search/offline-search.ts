import type { PublicReport, ReportRecord } from '../../shared/domain/responses'
import type { RegistryErrorKind } from '../registry-error'
import type { Db } from '../store/store'
import {
  offlineSearchRows,
  savedAccountValues,
  CACHE_STATE_KEYS,
  readCacheNumber,
  isoTime,
  cachedIdentifier,
  toCachedReport,
  type CachedReport,
  findStoredSearch,
  searchKey,
  type IdentifierQuery,
} from '../cache/cache'
import { planSearch, type PlanOptions, type SearchPlan, type SearchedBank } from './search-plan'
import { waitingReports, type WaitingReport } from '../outbox/outbox'

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
  /** An account number searched without its bank: the banks asked (those its code fits, or all). */
  banks?: SearchedBank[]
  /** An account number searched without its bank: how many banks of the list were not asked. */
  banksNotSearched?: number
  /**
   * An account number searched without its bank: the records this computer has with the number
   * at a bank that was not asked (the organization's own reports, searches saved earlier).
   */
  foundHere?: FoundHere[]
  /** Reports in this computer's outbox carrying the identifier, not yet sent. */
  waiting: WaitingReport[]
}

/** A record found on this computer only, at a bank that was not asked: where it came from. */
export interface FoundHere {
  /** `report:<id>` or `public_report:<id>`, as in `matchedAs`. */
  key: string
  /** own: the organization's submissions copy; saved: a search saved on this computer. */
  from: 'own' | 'saved'
  /** When this computer last had it from the registry (ISO). */
  seenAt: string
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

/** The query of an offline search (the cache's: cache/cache-searches.ts), whose plan the tests check. */
export { OFFLINE_SEARCH_SQL } from '../cache/cache'

export interface CachedLookup {
  records: CachedReport[]
  matchedAs: Record<string, string[]>
  /** The oldest of the stored searches of the values, when each value has one (ISO). */
  searchedAt?: string
  /** The records found only by the number at a bank the plan does not ask. */
  foundHere: FoundHere[]
}

/**
 * For an account number without its bank: the values this computer holds for it at banks the
 * plan does not ask (an own report, a search saved with the bank), one index range each.
 */
function accountAtOtherBanks(db: Db, plan: SearchPlan): string[] {
  if (plan.identifier !== 'account' || !plan.banks) return []
  const asked = new Set(
    plan.values.map((value) => searchKey({ identifier: 'account', value }).value),
  )
  return savedAccountValues(db, { from: `${plan.value}_`, to: `${plan.value}\`` }).filter(
    (value) => !asked.has(value),
  )
}

/**
 * The cached records a plan finds: by each of its values in the one form the cache holds it
 * (a phone's seven spellings are one probe: migration 0004 rewrote rows an older Casefile kept
 * as +234…), with the stored searches of those forms; an account number without its bank at
 * every bank this computer has it at, asked or not (`foundHere` names those only found so).
 * Never touches the network.
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
  // The number at the banks not asked: found by identifier, with their own stored searches.
  const elsewhere = accountAtOtherBanks(db, plan)
  const lookups = [...searchTimes].map(([value, searchedAt]) => ({ value, searchedAt }))
  for (const value of elsewhere) {
    wanted.add(value)
    const searchedAt = findStoredSearch(db, { identifier: label, value })?.searchedAt ?? null
    lookups.push({ value, searchedAt })
  }
  const rows = offlineSearchRows(db, {
    label,
    lookups: JSON.stringify(lookups),
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
  const others = new Set(elsewhere)
  const foundHere = records.flatMap((cached): FoundHere[] => {
    const key = matchKey(cached.kind, cached.record.id)
    const found = matchedAs[key] ?? []
    const onlyElsewhere =
      found.length > 0 &&
      found.every((value) => others.has(cachedIdentifier(label, value)?.value ?? value))
    return onlyElsewhere ? [{ key, from: cached.own ? 'own' : 'saved', seenAt: cached.seenAt }] : []
  })
  const times = [...searchTimes.values()]
  const answer: CachedLookup = { records, matchedAs, foundHere }
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
  options: PlanOptions & { waiting?: readonly WaitingReport[] } = {},
): OfflineSearchAnswer {
  const plan = planSearch(db, query, options)
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
    ...spellingsOf(
      plan,
      found.matchedAs,
      waitingFor(db, plan, reports, options.waiting),
      found.foundHere,
    ),
  }
}

/** The values what waits in the outbox is looked through for. */
export function waitingValues(plan: SearchPlan): string[] {
  // An account number without its bank: what waits here carrying it, at any bank.
  return plan.banks ? [...plan.values, plan.value] : plan.values
}

/**
 * What waits in the outbox for a plan's values, less updates of reports already in the answer:
 * `known` when it was read already (on the reading thread, search.ts), else read now.
 */
export function waitingFor(
  db: Db,
  plan: SearchPlan,
  reports: readonly { id: string }[],
  known?: readonly WaitingReport[],
): WaitingReport[] {
  const answered = new Set(reports.map((report) => report.id))
  const waiting = known ?? waitingReports(db, plan.identifier, waitingValues(plan))
  return waiting.filter((w) => !w.registryId || !answered.has(w.registryId))
}

export function spellingsOf(
  plan: SearchPlan,
  matchedAs: Record<string, string[]>,
  waiting: WaitingReport[],
  foundHere: FoundHere[] = [],
): SearchSpellings {
  return {
    searched: plan.values,
    matchedAs,
    ...(plan.banks
      ? { banks: plan.banks, banksNotSearched: plan.banksNotSearched ?? 0, foundHere }
      : {}),
    waiting,
  }
}

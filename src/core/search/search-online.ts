import type { PublicReport, ReportRecord, SearchResult } from '../../shared/domain/responses'
import { type CallOptions } from '../registry/registry'
import { isRegistryError, type RegistryErrorKind } from '../registry-error'
import type { Db } from '../store/store'
import {
  isoTime,
  type SearchSource,
  searchKey,
  storeSearchResult,
  type IdentifierQuery,
} from '../cache/cache'
import {
  lookUpCached,
  matchKey,
  searchOffline,
  spellingsOf,
  waitingFor,
  type OfflineSearchAnswer,
  type SearchSpellings,
} from './offline-search'
import type { WaitingReport } from '../outbox/outbox'
import { planSearch, type PlanOptions } from './search-plan'

export interface OnlineSearchAnswer extends SearchSpellings {
  source: 'online'
  reports: ReportRecord[]
  publicReports: PublicReport[]
  asOf: { search: string; outbox: string }
  /** Values the registry refused to search (a spelling it does not take), with its words. */
  refused?: { value: string; message: string }[]
}

export type SearchAnswer = OnlineSearchAnswer | OfflineSearchAnswer

/**
 * Failures after which the cache is the best answer there is: the registry could not be
 * reached or could not answer now. A refused key or a refused value is the user's to fix and
 * is thrown; so is the caller's own cancel.
 */
const FALL_BACK_ON: readonly RegistryErrorKind[] = ['offline', 'timeout', 'server', 'rate_limited']

/** How many of one search's values are asked at once (an account at up to dozens of banks). */
const AT_ONCE = 4

type Outcome = { value: string; result: SearchResult } | { value: string; error: unknown }

async function askEach(
  client: SearchSource,
  identifier: IdentifierQuery['identifier'],
  values: readonly string[],
  options: CallOptions,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(values.length)
  let next = 0
  let stop = false
  const worker = async () => {
    while (!stop && next < values.length) {
      const index = next++
      const value = values[index] as string
      try {
        outcomes[index] = {
          value,
          result: await client.searchReports({ identifier, value }, options),
        }
      } catch (error) {
        outcomes[index] = { value, error }
        // The registry cannot answer now: the rest would only wait for the same.
        if (isRegistryError(error) && FALL_BACK_ON.includes(error.kind)) stop = true
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, values.length) }, worker))
  return outcomes.filter(Boolean)
}

const newestFirst = (a: { createdAt?: string | null }, b: { createdAt?: string | null }) =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '')

/** Records of several answers, each once, newest first; with the values that found each. */
function merge<R extends { id: string; createdAt?: string | null }>(
  answers: readonly { value: string; records: readonly R[] }[],
  kind: 'report' | 'public_report',
  matchedAs: Record<string, string[]>,
): R[] {
  const byId = new Map<string, R>()
  for (const { value, records } of answers)
    for (const record of records) {
      if (!byId.has(record.id)) byId.set(record.id, record)
      const key = matchKey(kind, record.id)
      matchedAs[key] = [...(matchedAs[key] ?? []), value]
    }
  return [...byId.values()].sort(newestFirst)
}

/**
 * Searches the registry for every value the identifier may be held under (a phone in each of
 * its spellings, an account number at each bank its check digit fits, or at every bank with
 * `allBanks`), merges the answers (each record once, with the values that found it), keeps them
 * for offline use and returns them as `source: 'online'`, with what waits in this computer's
 * outbox and, for an account number without its bank, what this computer has of it at the banks
 * not asked (`foundHere`). When the registry is unreachable or failing, or there is no bank to
 * ask, answers from the cache instead, as `source: 'offline'` (with the reason when it failed).
 * A spelling the registry refuses is left out and named; if it refuses them all, its refusal is
 * thrown.
 */
export async function searchOnline(
  db: Db,
  client: SearchSource,
  input: IdentifierQuery,
  now: number,
  options: CallOptions & PlanOptions & { waiting?: Promise<WaitingReport[] | undefined> } = {},
): Promise<SearchAnswer> {
  const { allBanks, waiting: reading, ...call } = options
  const plan = planSearch(db, input, { allBanks })
  // An account number whose check digit fits no bank of the list: nothing to ask but all banks.
  if (plan.values.length === 0) return searchOffline(db, input, now, { waiting: await reading })
  const outcomes = await askEach(client, plan.identifier, plan.values, call)
  // What waits in the outbox, read on the reading thread while the registry was asked.
  const waiting = await reading
  const unreachable = outcomes.find(
    (o) => 'error' in o && isRegistryError(o.error) && FALL_BACK_ON.includes(o.error.kind),
  )
  if (unreachable && 'error' in unreachable && isRegistryError(unreachable.error))
    return {
      ...searchOffline(db, input, now, { waiting }),
      offlineReason: { kind: unreachable.error.kind, message: unreachable.error.message },
    }
  const answered = outcomes.flatMap((o) => ('result' in o ? [o] : []))
  const refused: { value: string; message: string }[] = []
  for (const outcome of outcomes) {
    if (!('error' in outcome)) continue
    const { error } = outcome
    // Only the registry's refusal of one spelling is passed over, and only if another answered.
    if (!isRegistryError(error) || error.kind !== 'validation' || answered.length === 0) throw error
    refused.push({ value: outcome.value, message: error.message })
  }

  // Kept per stored form: a phone's spellings are one search, an account at each bank its own.
  const groups = new Map<string, SearchResult>()
  for (const { value, result } of answered) {
    const key = searchKey({ identifier: plan.identifier, value }).value
    const group = groups.get(key) ?? { reports: [], publicReports: [] }
    groups.set(key, {
      reports: [...group.reports, ...result.reports],
      publicReports: [...group.publicReports, ...result.publicReports],
    })
  }
  for (const [value, result] of groups) {
    const unique = {
      reports: [...new Map(result.reports.map((r) => [r.id, r])).values()],
      publicReports: [...new Map(result.publicReports.map((r) => [r.id, r])).values()],
    }
    storeSearchResult(db, { identifier: plan.identifier, value }, unique, now)
  }

  const matchedAs: Record<string, string[]> = {}
  const reports = merge(
    answered.map((o) => ({ value: o.value, records: o.result.reports })),
    'report',
    matchedAs,
  )
  const publicReports = merge(
    answered.map((o) => ({ value: o.value, records: o.result.publicReports })),
    'public_report',
    matchedAs,
  )
  // What this computer has of the number at the banks not asked, said as such.
  const here = plan.banks ? lookUpCached(db, plan) : null
  const foundHere = (here?.foundHere ?? []).filter((found) => !matchedAs[found.key])
  for (const found of foundHere) {
    const cached = here?.records.find((c) => matchKey(c.kind, c.record.id) === found.key)
    if (!cached) continue
    matchedAs[found.key] = here?.matchedAs[found.key] ?? []
    if (cached.kind === 'report') reports.push(cached.record)
    else publicReports.push(cached.record)
  }
  reports.sort(newestFirst)
  publicReports.sort(newestFirst)
  const spellings = spellingsOf(
    { ...plan, values: answered.map((o) => o.value) },
    matchedAs,
    waitingFor(db, plan, reports, waiting),
    foundHere,
  )
  return {
    source: 'online',
    reports,
    publicReports,
    asOf: { search: isoTime(now), outbox: isoTime(now) },
    ...spellings,
    ...(refused.length > 0 ? { refused } : {}),
  }
}

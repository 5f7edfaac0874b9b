import type { IdentifierType } from '../../shared/domain/identifiers'
import type { SearchResult } from '../../shared/domain/responses'
import { DEFAULT_WATCH_PERIOD_MS } from '../../shared/domain/watch-period'
import type { CoreContext } from '../core-context'
import { registryTimeMs, storeSearchResult } from '../cache/cache'
import { searchFailureOf, type SearchFailure, searchSpellings } from '../search/search'
import { isDatabaseBusy, writeTransaction } from '../store/store'
import { claimItem, releaseClaim } from './watch-claims'
import {
  compareSnapshots,
  markTakenOff,
  snapshotOf,
  vanishedReports,
  type Snapshot,
} from './watch-compare'
import {
  isTakenOwnReport,
  postponeItem,
  recordCheck,
  type AlertRow,
  type ItemRow,
} from './watch-store'
import { findStillListed } from './watch-vanished'

/*
 * One check of one watched item (watch-check.ts decides when): claimed first (watch-claims.ts),
 * searched in each spelling, compared with the answer kept (watch-compare.ts; a report that
 * left the answer asked for under its other identifiers, watch-vanished.ts), and kept in one
 * commit with its alerts and its next check.
 */

/** The next check: one period later, or up to this share of it sooner. */
const JITTER = 0.05

export function periodOf(item: Pick<ItemRow, 'period_ms'>): number {
  return item.period_ms ?? DEFAULT_WATCH_PERIOD_MS
}

export type CheckOutcome =
  | { ok: true; alerts: AlertRow[] }
  | { ok: false; failure: SearchFailure }
  /**
   * Another check (the app's watcher, a scheduler's run) has it, or just checked it: passed by.
   * `busy`: the data folder stayed locked by another process past busy_timeout, so the check
   * could not be kept; the item is left due, as it was.
   */
  | { ok: false; passed: true; busy?: true }

const PASSED: CheckOutcome = { ok: false, passed: true }
const BUSY: CheckOutcome = { ok: false, passed: true, busy: true }

/**
 * Searches one item now and keeps the answer (its changes as alerts, its next check), under a
 * claim (watch-claims.ts) so that no other process searches it meanwhile.
 */
export async function checkItem(
  core: CoreContext,
  item: ItemRow,
  options: { random?: () => number; signal?: AbortSignal } = {},
): Promise<CheckOutcome> {
  let claim: string | null = null
  try {
    claim = claimItem(core.db, item, core.clock.now())
    if (claim === null) return PASSED
    return await searchAndRecord(core, item, claim, options)
  } catch (error) {
    if (isDatabaseBusy(error)) return BUSY
    throw error
  } finally {
    // Cleared already when the check was recorded or postponed; let go here on any other end
    // (a claim that cannot be let go for a busy folder lapses on its own).
    if (claim !== null) letGo(core, item.id, claim)
  }
}

function letGo(core: CoreContext, id: number, claim: string): void {
  try {
    releaseClaim(core.db, id, claim)
  } catch (error) {
    if (!isDatabaseBusy(error)) throw error
  }
}

/**
 * How far a time put in the registry's clock may be off with a reading of it: the Date header's
 * whole seconds (half a second either way) and half a round trip. A report filed up to this long
 * before the item was added still alerts: a doubtful report is shown, not absorbed.
 */
const READ_CLOCK_MARGIN_MS = 1_000

/**
 * The reports of the answer filed after the item was added, in the registry's time: the item's
 * added time (this computer's clock) moved by the offset the registry's answers gave (the
 * search just made gave one). Without any reading the two clocks are taken as equal, as the
 * registry clock takes them.
 */
function filedSinceAdded(core: CoreContext, item: ItemRow, result: SearchResult): Set<string> {
  const registry = core.folderClock.registry
  const margin = registry.current() ? READ_CLOCK_MARGIN_MS : 0
  const since = registry.toRegistry(item.created_at) - margin
  const filed = new Set<string>()
  for (const report of [...result.reports, ...result.publicReports]) {
    const created = registryTimeMs(report.createdAt)
    // Our report that gave the item its identifier was on file before it, however close.
    if (created !== null && created > since && !isTakenOwnReport(core.db, report.id))
      filed.add(report.id)
  }
  return filed
}

async function searchAndRecord(
  core: CoreContext,
  item: ItemRow,
  claim: string,
  options: { random?: () => number; signal?: AbortSignal },
): Promise<CheckOutcome> {
  const random = options.random ?? Math.random
  const query = { identifier: item.type as IdentifierType, value: item.value }
  const answer = await searchSpellings(core, item, options.signal)
  if (!answer.ok) return failed(core, item, claim, answer.error)
  const { result } = answer
  const before = item.snapshot_json === null ? null : (JSON.parse(item.snapshot_json) as Snapshot)
  const seen = snapshotOf(result)
  const { changes, keep } = compareSnapshots(before, seen, {
    filedSinceAdded: before === null ? filedSinceAdded(core, item, result) : undefined,
  })
  const vanished = vanishedReports(changes, seen)
  const settled =
    vanished.length === 0 ? null : await findStillListed(core, item, vanished, options.signal)
  if (settled && !settled.ok) return failed(core, item, claim, settled.error)
  if (settled) markTakenOff(changes, keep, settled.stillListed)
  const now = core.clock.now()
  const nextCheckAt = now + Math.round(periodOf(item) * (1 - JITTER * random()))
  // The answers and the check in one commit: both kept, or neither (the item stays due).
  const alerts = writeTransaction(core.db, () => {
    storeSearchResult(core.db, query, result, now)
    for (const other of settled?.answers ?? [])
      storeSearchResult(core.db, other.query, other.result, now)
    return recordCheck(core.db, item, claim, { keep, changes, now, nextCheckAt })
  })
  return alerts === null ? PASSED : { ok: true, alerts }
}

function failed(core: CoreContext, item: ItemRow, claim: string, error: unknown): CheckOutcome {
  const failure = searchFailureOf(core, error)
  if (failure.kind === 'refused' || failure.kind === 'failed')
    postponeItem(core.db, item.id, claim, core.clock.now() + periodOf(item))
  return { ok: false, failure }
}

import type { CoreContext } from '../core-context'
import { computerAheadMs } from '../registry/registry'
import type { RetrievalEntry } from './case-model'
import type { CaseReport } from './case-report'

/*
 * A case file's times are the registry's: a laptop's clock may be an hour wrong, and a court
 * is told when the report was retrieved. Each exchange is timed on this computer's clock while
 * it happens; once every answer has come, the times are moved by the offset those answers'
 * Date headers gave (the folder's registry clock), and the case file says how far off this
 * computer's clock was, or that the registry's clock could not be read.
 */

export interface CaseClock {
  /** A time of this computer's clock as the registry's clock had it. */
  toRegistry(laptopMs: number): number
  /** The registry's time now. */
  now(): number
  /** This computer's clock minus the registry's (ms); null when no answer gave its clock. */
  computerAheadMs: number | null
}

/** The registry's clock as the answers so far read it: take it once every exchange is done. */
export function caseClock(core: CoreContext): CaseClock {
  const registry = core.folderClock.registry
  return {
    toRegistry: (laptopMs) => registry.toRegistry(laptopMs),
    now: () => registry.now(),
    computerAheadMs: computerAheadMs(core),
  }
}

/** The log's entries with their times moved to the registry's clock. */
export function inRegistryTime(entries: readonly RetrievalEntry[], clock: CaseClock) {
  return entries.map((entry) => {
    const at = Date.parse(entry.at)
    return Number.isNaN(at) ? entry : { ...entry, at: new Date(clock.toRegistry(at)).toISOString() }
  })
}

/**
 * Where a report was read from, its time on the registry's clock: when it was fetched, or (a
 * saved copy found by a search) when that search was answered.
 */
export function sourceInRegistryTime(
  source: CaseReport['source'],
  clock: CaseClock,
): CaseReport['source'] {
  return source.kind === 'registry'
    ? { ...source, at: clock.toRegistry(source.at) }
    : { ...source, seenAt: new Date(clock.toRegistry(Date.parse(source.seenAt))).toISOString() }
}

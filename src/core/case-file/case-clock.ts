import type { CoreContext } from '../core-context'
import type { RetrievalEntry } from './case-model'

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
  const reading = registry.current()
  return {
    toRegistry: (laptopMs) => registry.toRegistry(laptopMs),
    now: () => registry.now(),
    computerAheadMs: reading ? -reading.offsetMs : null,
  }
}

/** The log's entries with their times moved to the registry's clock. */
export function inRegistryTime(entries: readonly RetrievalEntry[], clock: CaseClock) {
  return entries.map((entry) => {
    const at = Date.parse(entry.at)
    return Number.isNaN(at) ? entry : { ...entry, at: new Date(clock.toRegistry(at)).toISOString() }
  })
}

/** "65 minutes", "2 hours 5 minutes", "3 days 1 hour". */
function duration(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000)
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (minutes < 120) return unit(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 48)
    return [unit(hours, 'hour'), minutes % 60 ? unit(minutes % 60, 'minute') : '']
      .filter(Boolean)
      .join(' ')
  const days = Math.floor(hours / 24)
  return [unit(days, 'day'), hours % 24 ? unit(hours % 24, 'hour') : ''].filter(Boolean).join(' ')
}

/** What the case file says of its times, in words. */
export function clockWords(computerAheadMs: number | null): string {
  if (computerAheadMs === null)
    return 'The times below are this computer\u2019s clock: no answer of the registry gave its own clock.'
  const base = 'The times below are the registry\u2019s clock, read from the Date of its answers'
  if (Math.abs(computerAheadMs) < 60_000)
    return `${base}; this computer\u2019s clock agreed with it to within a minute.`
  return `${base}; this computer\u2019s clock was ${duration(computerAheadMs)} ${computerAheadMs < 0 ? 'behind' : 'ahead'}.`
}

import type { CoreContext } from '../core-context'

/*
 * How this computer's clock stands against the registry's, for what a file tells a reader (a
 * case file, a screening record, the hits of a screening): a laptop's clock may be an hour wrong,
 * and such a file's times are the registry's, moved by the offset its answers' Date headers gave.
 */

/** This computer's clock minus the registry's (ms), as the folder's answers read it; null when none did. */
export function computerAheadMs(core: CoreContext): number | null {
  const reading = core.folderClock.registry.current()
  return reading ? -reading.offsetMs : null
}

/** A time of this computer's clock (ms or ISO), as an ISO time on the registry's clock. */
export function registryIso(core: CoreContext, laptop: number | string): string {
  const ms = typeof laptop === 'number' ? laptop : Date.parse(laptop)
  if (Number.isNaN(ms)) return String(laptop)
  return new Date(core.folderClock.registry.toRegistry(ms)).toISOString()
}

/** "65 minutes", "2 hours 5 minutes", "3 days 1 hour". */
function duration(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000)
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const both = (a: string, b: string) => (b ? `${a} ${b}` : a)
  if (minutes < 120) return unit(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return both(unit(hours, 'hour'), minutes % 60 ? unit(minutes % 60, 'minute') : '')
  return both(unit(Math.floor(hours / 24), 'day'), hours % 24 ? unit(hours % 24, 'hour') : '')
}

/**
 * Which clock a file's times are, in words: "The times below are the registry’s clock, read from
 * the Date of its answers; this computer’s clock was 65 minutes behind." (`subject`: what the
 * times are of, "The times below".)
 */
export function clockWords(computerAheadMs: number | null, subject = 'The times below'): string {
  if (computerAheadMs === null)
    return `${subject} are this computer\u2019s clock: no answer of the registry gave its own clock.`
  const base = `${subject} are the registry\u2019s clock, read from the Date of its answers`
  if (Math.abs(computerAheadMs) < 60_000)
    return `${base}; this computer\u2019s clock agreed with it to within a minute.`
  return `${base}; this computer\u2019s clock was ${duration(computerAheadMs)} ${computerAheadMs < 0 ? 'behind' : 'ahead'}.`
}

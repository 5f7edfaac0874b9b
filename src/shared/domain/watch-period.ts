/*
 * How often a watched identifier is searched again: the same bounds for the window, the CLI and
 * the core. At least an hour (the budget is counted by the hour; more often is a burst by
 * another name), at most a year.
 */

export const HOUR_MS = 60 * 60 * 1000
export const DAY_MS = 24 * HOUR_MS
/** How often an item is checked unless it says otherwise: once a day. */
export const DEFAULT_WATCH_PERIOD_MS = DAY_MS
export const MIN_WATCH_PERIOD_MS = HOUR_MS
export const MAX_WATCH_PERIOD_MS = 366 * DAY_MS

/** The periods the window offers, shortest first. */
export const WATCH_PERIOD_CHOICES: readonly number[] = [
  6 * HOUR_MS,
  12 * HOUR_MS,
  DAY_MS,
  7 * DAY_MS,
  30 * DAY_MS,
]

export function isWatchPeriod(ms: number): boolean {
  return Number.isInteger(ms) && ms >= MIN_WATCH_PERIOD_MS && ms <= MAX_WATCH_PERIOD_MS
}

const UNITS: Record<string, number> = { h: HOUR_MS, d: DAY_MS, w: 7 * DAY_MS }

/**
 * `6h`, `2d`, `1w` (hours, days, weeks) as milliseconds; a message saying what is wrong
 * otherwise.
 */
export function readWatchPeriod(
  written: string,
): { ok: true; ms: number } | { ok: false; message: string } {
  const match = /^\s*(\d+)\s*([hdw])\s*$/i.exec(written)
  if (!match)
    return {
      ok: false,
      message: `"${written}" is not a period: write a number of hours, days or weeks, as 12h, 2d or 1w.`,
    }
  const ms = Number(match[1]) * (UNITS[(match[2] as string).toLowerCase()] as number)
  if (!isWatchPeriod(ms))
    return {
      ok: false,
      message: `"${written}" is outside what a watch may be: from 1h (an hour) to 366d (a year).`,
    }
  return { ok: true, ms }
}

/** "every day", "every 12 hours", "every 2 weeks". */
export function describeWatchPeriod(ms: number): string {
  const plural = (n: number, unit: string) => (n === 1 ? `every ${unit}` : `every ${n} ${unit}s`)
  if (ms % (7 * DAY_MS) === 0 && ms / (7 * DAY_MS) < 52) return plural(ms / (7 * DAY_MS), 'week')
  if (ms % DAY_MS === 0) return plural(ms / DAY_MS, 'day')
  if (ms % HOUR_MS === 0) return plural(ms / HOUR_MS, 'hour')
  return `every ${Math.round(ms / 60_000)} minutes`
}

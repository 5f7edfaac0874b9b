import { formatRelative } from '../../format'

/** How long past its due time a check may wait before the window says the list is behind. */
export const BEHIND_AFTER_MS = 60 * 60 * 1000

/**
 * Whether the watchlist's checks are behind their schedule (the app was closed, the computer
 * offline for days, the hourly budget used up): how many items are overdue by more than an
 * hour, and a sentence saying so and since when, in words a person uses. Null when none is.
 */
export function behindSchedule(
  items: readonly { nextCheckAt: string }[],
  now = Date.now(),
): { count: number; text: string } | null {
  const overdue = items
    .map((item) => new Date(item.nextCheckAt).getTime())
    .filter((at) => Number.isFinite(at) && at < now - BEHIND_AFTER_MS)
  if (overdue.length === 0) return null
  const oldest = Math.min(...overdue)
  const count = overdue.length
  return {
    count,
    text:
      `${count === 1 ? '1 identifier is' : `${count.toLocaleString('en-US')} identifiers are`} behind schedule: ` +
      `the oldest check was due ${formatRelative(oldest, now)}. ` +
      'They are checked as soon as the registry can be reached, within the hourly limit, oldest first.',
  }
}

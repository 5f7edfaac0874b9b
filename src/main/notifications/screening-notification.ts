import type { ScreeningFinished } from '../../shared/contracts/screening'
import type { NotificationText } from './sync-notification'

const rows = (n: number) => (n === 1 ? '1 row' : `${n.toLocaleString('en-US')} rows`)

/**
 * The end of a screening job the app ran in the background, as a native notification: what was
 * found, in a line, and nothing while the window has focus (the Screening screen shows it).
 */
export function screeningNotification(
  finished: ScreeningFinished,
  context: { windowFocused: boolean },
): NotificationText | null {
  if (context.windowFocused) return null
  const { hits, unchecked, rows: all } = finished.totals
  const found =
    hits > 0
      ? `${rows(hits)} of ${all.toLocaleString('en-US')} matched reports on the registry.`
      : `No row of ${all.toLocaleString('en-US')} matched a report on the registry.`
  return {
    title: `Screening of ${finished.file} finished`,
    body:
      found +
      (unchecked > 0 ? ` ${rows(unchecked)} could not be checked.` : '') +
      ' Open Screening to read the results.',
  }
}

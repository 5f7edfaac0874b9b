import type { WatchAlertsRaised } from '../../shared/contracts/watchlist'
import { IDENTIFIER_TYPE_LABELS, type IdentifierType } from '../../shared/domain/identifiers'
import type { NotificationText } from './sync-notification'

const CHANGES: Record<WatchAlertsRaised['alerts'][number]['kind'], string> = {
  new_report: 'has a new report',
  unlisted: 'had a report unlisted',
  relisted: 'had a report listed again',
  updated: 'had a report updated',
  identifier_removed: 'was taken off a report that is still listed',
  identifier_added: 'was put back on a report',
}

/**
 * Alerts the watcher raised, as a native notification: one alert in a sentence ("The watched
 * phone 08031234567 has a new report"), several counted; nothing while the window has focus
 * (the Watchlist's badge shows them there).
 */
export function watchNotification(
  raised: WatchAlertsRaised,
  context: { windowFocused: boolean },
): NotificationText | null {
  const { alerts } = raised
  if (context.windowFocused || alerts.length === 0) return null
  const body = 'Open the Watchlist to look at it and decide.'
  if (alerts.length === 1) {
    const [alert] = alerts as [WatchAlertsRaised['alerts'][number]]
    const type = IDENTIFIER_TYPE_LABELS[alert.type as IdentifierType] ?? 'identifier'
    return {
      title: `The watched ${type.toLowerCase()} ${alert.value} ${CHANGES[alert.kind]}`,
      body,
    }
  }
  return {
    title: `${alerts.length} new watchlist alerts`,
    body: 'Reports changed on identifiers you watch. Open the Watchlist to look at them and decide.',
  }
}

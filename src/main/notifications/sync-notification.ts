import type { SyncRunSummary } from '../../shared/contracts/outbox'

export interface NotificationText {
  title: string
  body: string
}

const items = (n: number) => (n === 1 ? '1 item' : `${n} items`)
const reports = (n: number) => (n === 1 ? '1 report' : `${n} reports`)

/**
 * Whether the end of a sync run is worth a native notification, and its words. Nothing when the
 * run sent nothing and left nothing needing attention, and nothing while the window has focus
 * (the window shows it); items needing attention lead, since they wait on the person.
 */
export function syncNotification(
  summary: SyncRunSummary,
  context: { windowFocused: boolean },
): NotificationText | null {
  const { sent, needsAttention } = summary
  if (context.windowFocused || (sent === 0 && needsAttention === 0)) return null
  if (needsAttention > 0)
    return {
      title: `${items(needsAttention)} ${needsAttention === 1 ? 'needs' : 'need'} your attention`,
      body:
        (sent > 0 ? `${reports(sent)} sent to the registry. ` : '') +
        'Open the outbox to edit, retry or discard what the registry did not take.',
    }
  return {
    title: `${reports(sent)} sent to the registry`,
    body: 'Casefile finished sending from the outbox.',
  }
}

import { lagosShortTime } from '../../core/case-file/case-file'
import type { WatchAlertView } from '../../core/watchlist/watchlist'
import { IDENTIFIER_TYPE_LABELS, type IdentifierType } from '../../shared/domain/identifiers'
import { visibleName } from '../../shared/visible-name'
import {
  ALERT_KIND_WORDS,
  ALERT_STATE_WORDS,
  alertChangeLines,
  reasonChange,
} from '../../shared/watch-change-words'

/*
 * A watchlist alert in words for `casefile watch check` and `watch alerts`: the window's words
 * for its kind, state and change, its time in Lagos beside UTC (as the case file says times),
 * and a changed reason quoted before and after. What another organization wrote (a report id,
 * a reason) is printed as one visible line: no terminal escape, no line break of its own.
 */

const typeWords = (type: string) => IDENTIFIER_TYPE_LABELS[type as IdentifierType] ?? type

/** "2026-03-14 10:05:03 Lagos (09:05:03 UTC)"; what is not a time, as it is. */
export function alertTime(iso: string): string {
  const at = Date.parse(iso)
  return Number.isNaN(at) ? iso : lagosShortTime(at)
}

/** An alert as a few lines: what it is, when it was raised, what changed, why it was closed. */
export function alertLines(alert: WatchAlertView): string[] {
  const kind = ALERT_KIND_WORDS[alert.kind] ?? alert.kind
  const state = ALERT_STATE_WORDS[alert.state] ?? alert.state
  const lines = [
    `Alert ${alert.id} (${state}): ${kind}: report ${visibleName(alert.reportId)}, on ${typeWords(alert.type)} ${alert.value}`,
    `  Raised ${alertTime(alert.createdAt)}`,
    ...alertChangeLines(alert).map((line) => `  ${line}`),
  ]
  const reason = reasonChange(alert)
  if (reason) {
    const said = (text: string | null) => (text === null ? 'none' : `"${text}"`)
    lines.push(`  Reason before: ${said(reason.before)}`, `  Reason after:  ${said(reason.after)}`)
  }
  if ((alert.state === 'dismissed' || alert.state === 'escalated') && alert.stateReason)
    lines.push(`  ${state}: ${visibleName(alert.stateReason)}`)
  return lines
}

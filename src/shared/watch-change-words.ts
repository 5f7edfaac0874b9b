import { FRAUD_TYPE_LABELS, type FraudType } from './domain/fraud-types'
import { visibleName } from './visible-name'

/*
 * What a watchlist alert says changed, in the words the rest of the app uses ("Money mule",
 * "Listed"): from the report as the last check kept it (before) to the report as this check found
 * it (after). Shared by the Watchlist screen and `casefile watch alerts`.
 */

/** A report as one check saw it (watch-compare.ts's SeenReport). */
export interface SeenReportWords {
  listed: boolean
  fraudType: string | null
  fraudReason: string | null
  /** false: the report stays listed without the watched identifier. */
  carried?: boolean
}

export interface AlertChange {
  kind:
    'new_report' | 'unlisted' | 'relisted' | 'updated' | 'identifier_removed' | 'identifier_added'
  before?: SeenReportWords | null
  after?: SeenReportWords | null
  /** A new report the item's first check found, filed after the item was added. */
  beforeFirstCheck?: boolean
}

/** Each kind of alert as a badge says it ("New report"): the window's and `casefile watch`'s. */
export const ALERT_KIND_WORDS: Record<AlertChange['kind'], string> = {
  new_report: 'New report',
  unlisted: 'Unlisted',
  relisted: 'Listed again',
  updated: 'Updated',
  identifier_removed: 'Identifier taken off',
  identifier_added: 'Identifier put back',
}

export const ALERT_STATE_WORDS = {
  new: 'New',
  seen: 'Seen',
  dismissed: 'Dismissed',
  escalated: 'Escalated',
} as const

/**
 * The ways on from an alert that escalate it (issue 29: open the report, start a draft, add to
 * a case file), and the reason each writes in the alert's log, from the window or the CLI.
 */
export const ESCALATION_REASONS = {
  open: 'Opened the report',
  draft: 'Started a draft',
  caseFile: 'Added to a case file',
} as const

/** The reason a case file's escalation writes: the action, and the file it was saved as. */
export const caseFileReason = (fileName: string): string =>
  fileName ? `${ESCALATION_REASONS.caseFile} (saved as ${fileName})` : ESCALATION_REASONS.caseFile

/** How much of a reason before and after a change is quoted. */
export const REASON_QUOTE_CHARS = 80

/** Another organization's text as one visible line, cut to its first `max` characters. */
function quoted(text: string | null | undefined, max: number): string | null {
  const line = visibleName(text ?? '')
  if (line === '') return null
  const chars = [...line]
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : line
}

/**
 * A report's reason before and after the change (its first 80 characters each; null for none),
 * when the alert is an update that changed the reason; else null.
 */
export function reasonChange(
  alert: AlertChange,
  max = REASON_QUOTE_CHARS,
): { before: string | null; after: string | null } | null {
  const { before, after } = alert
  if (alert.kind !== 'updated' || !before || !after) return null
  if (before.fraudReason === after.fraudReason) return null
  return { before: quoted(before.fraudReason, max), after: quoted(after.fraudReason, max) }
}

/** What the two identifier kinds say: the report's listing did not change, only what it carries. */
export const IDENTIFIER_CHANGE_WORDS = {
  identifier_removed: 'Identifier taken off the report (the report is still listed)',
  identifier_added: 'Identifier put back on the report',
} as const

/** What a new report found by the first check says of when it was filed. */
export const FILED_BEFORE_FIRST_CHECK =
  'Filed after this identifier was added to the watchlist, before its first check'

/** The fraud type as a person reads it; the registry's own word if it is new to us. */
const fraudTypeWords = (type: string | null): string =>
  type ? (FRAUD_TYPE_LABELS[type as FraudType] ?? type) : 'none given'

const listingWords = (listed: boolean) => (listed ? 'Listed' : 'Unlisted')

/**
 * The change, one line each: "Fraud type: Money mule → Identity theft", "Reason changed",
 * "Listing: Listed → Unlisted"; a new report says its fraud type (and, found by the first check,
 * that it was filed after the item was added); an identifier taken off or put back says so, not
 * "Unlisted". Empty when the alert carries
 * no detail (an alert kept by an older Casefile).
 */
export function alertChangeLines(alert: AlertChange): string[] {
  const { before, after } = alert
  if (!after) return []
  if (alert.kind === 'new_report')
    return [
      `Fraud type: ${fraudTypeWords(after.fraudType)}`,
      ...(alert.beforeFirstCheck ? [FILED_BEFORE_FIRST_CHECK] : []),
    ]
  if (alert.kind === 'identifier_removed' || alert.kind === 'identifier_added')
    return [IDENTIFIER_CHANGE_WORDS[alert.kind]]
  if (alert.kind === 'unlisted' || alert.kind === 'relisted')
    return [
      `Listing: ${listingWords(before ? before.listed : alert.kind === 'unlisted')} → ${listingWords(after.listed)}`,
    ]
  if (!before) return []
  const lines: string[] = []
  if (before.fraudType !== after.fraudType)
    lines.push(
      `Fraud type: ${fraudTypeWords(before.fraudType)} → ${fraudTypeWords(after.fraudType)}`,
    )
  if (before.fraudReason !== after.fraudReason)
    lines.push(
      !before.fraudReason?.trim()
        ? 'Reason added'
        : !after.fraudReason?.trim()
          ? 'Reason removed'
          : 'Reason changed',
    )
  return lines
}

/** The change on one line ("Fraud type: Money mule → Theft; reason changed"), for a table. */
export function alertChangeSummary(alert: AlertChange): string {
  return alertChangeLines(alert)
    .map((line, index) => (index === 0 ? line : line.charAt(0).toLowerCase() + line.slice(1)))
    .join('; ')
}

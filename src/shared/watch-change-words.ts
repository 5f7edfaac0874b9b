import { FRAUD_TYPE_LABELS, type FraudType } from './domain/fraud-types'

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

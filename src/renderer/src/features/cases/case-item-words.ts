import type { CaseItemView } from '../../../../shared/contracts/cases'
import {
  displayIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import { ALERT_STATE_WORDS } from '../../../../shared/watch-change-words'
import { formatTime } from '../../format'
import { fraudTypeLabel } from '../../report-title'

/** An item of a case as a person reads it: what kind, what it is, and the lines that say more. */
export interface ItemWords {
  kind: string
  headline: string
  lines: string[]
}

type BankName = (slug: string) => string | undefined

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** "Phone 08031234567", "Account 0123456789 · Access Bank": the type's name, then the value. */
export function identifierWords(label: string, value: string, bankName: BankName): string {
  const type = IDENTIFIER_TYPE_LABELS[label as IdentifierType] ?? label
  return `${type} ${displayIdentifierValue(label, value, bankName)}`
}

/** What an alert said happened, as the Watchlist says it. */
const ALERT_WORDS: Record<string, string> = {
  new_report: 'A new report named',
  unlisted: 'A report was unlisted for',
  relisted: 'A report was listed again for',
  updated: 'A report was updated for',
  identifier_removed: 'A report that stayed listed no longer carried',
  identifier_added: 'A report carried again',
}

type ReportItem = Extract<CaseItemView, { kind: 'report' }>

function reportWords(item: ReportItem, bankName: BankName, seen?: ReportItem['about']) {
  const about = item.about ?? seen
  if (!about)
    return {
      kind: 'Report',
      headline: 'A report',
      lines: [
        `Reference ${item.reportId}. Its fraud type and identifiers are not shown with the case here; the export gives the report in full.`,
      ],
    }
  const lines = about.identifiers.length
    ? [about.identifiers.map((i) => identifierWords(i.label, i.value, bankName)).join('; ')]
    : []
  if (about.reportedBy) lines.push(`Filed by ${about.reportedBy}`)
  lines.push(`Reference ${item.reportId}`)
  return { kind: 'Report', headline: `${fraudTypeLabel(about.fraudType)} report`, lines }
}

function searchWords(item: Extract<CaseItemView, { kind: 'search' }>, bankName: BankName) {
  const reports = item.reportIds.length
  const publicReports = item.publicReportIds.length
  const parts = [
    ...(reports ? [plural(reports, 'report')] : []),
    ...(publicReports ? [plural(publicReports, 'public report')] : []),
  ]
  const found = parts.length
    ? `The registry answered with ${parts.join(' and ')}`
    : 'The registry had no report on it'
  const clock = item.clock === 'registry' ? 'the registry’s time' : 'this computer’s clock'
  const lines = [`${found}, at ${formatTime(item.answeredAt)} (${clock}).`]
  if (item.status < 200 || item.status > 299)
    lines.push(`The registry refused it (status ${item.status}); its answer is kept as it came.`)
  lines.push(
    `Kept byte for byte as the registry answered it (${plural(item.answerBytes, 'byte')}, SHA-256 ${item.answerSha256.slice(0, 16)}…).`,
  )
  return {
    kind: 'Search answer',
    headline: identifierWords(item.identifier, item.value, bankName),
    lines,
  }
}

function alertWords(item: Extract<CaseItemView, { kind: 'alert' }>, bankName: BankName) {
  const alert = item.alert
  const after = (alert as { after?: { fraudType?: string | null } | null }).after
  const lines: string[] = []
  if (after?.fraudType) lines.push(`The report: ${fraudTypeLabel(after.fraudType)}`)
  const state = ALERT_STATE_WORDS[alert.state as keyof typeof ALERT_STATE_WORDS] ?? alert.state
  lines.push(`Raised ${formatTime(alert.createdAt)}; ${state.toLowerCase()} when it was added`)
  lines.push(`Report reference ${alert.reportId}`)
  return {
    kind: 'Watch alert',
    headline: `${ALERT_WORDS[alert.kind] ?? 'An alert about'} ${identifierWords(alert.type, alert.value, bankName)}`,
    lines,
  }
}

/** A case's item in words: never a schema's names, a bank by its name where the list has it. */
export function caseItemWords(
  item: CaseItemView,
  bankName: BankName,
  seen: Readonly<Record<string, ReportItem['about']>> = {},
): ItemWords {
  switch (item.kind) {
    case 'report':
      return reportWords(item, bankName, seen[item.reportId])
    case 'search':
      return searchWords(item, bankName)
    case 'alert':
      return alertWords(item, bankName)
    case 'note':
      return { kind: 'Note', headline: item.text, lines: [] }
  }
}

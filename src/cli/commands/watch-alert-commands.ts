import { basename } from 'node:path'
import type { Core } from '../../core/open-core'
import * as Drafts from '../../core/drafts/drafts'
import * as Search from '../../core/search/search'
import * as Watchlist from '../../core/watchlist/watchlist'
import type { IdentifierType } from '../../shared/domain/identifiers'
import { FRAUD_TYPE_LABELS, type FraudType } from '../../shared/domain/fraud-types'
import { visibleName } from '../../shared/visible-name'
import { caseFileReason, ESCALATION_REASONS } from '../../shared/watch-change-words'
import { CliError } from '../cli-error'
import { inputErrorSaid } from '../core-words'
import { printJson } from '../cli-io'
import type { CommandContext, CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import { stringOption } from '../option-values'
import { caseFileTarget, writeCaseFile } from './case-commands'
import { alertLines, alertTime } from './watch-alert-words'

/* `casefile watch alerts|seen|escalate`: an alert looked at and followed up, as in the window. */

function alertNumber(context: CommandContext): number {
  const text = context.args[0] ?? ''
  const n = Number(text)
  if (!Number.isInteger(n) || n <= 0)
    throw new CliError(`ALERT is a number, as \`casefile watch alerts\` shows it; got "${text}".`)
  return n
}

function setState(core: Core, id: number, state: 'seen' | 'escalated', reason?: string) {
  try {
    return Watchlist.setAlertState(core, id, state, reason)
  } catch (error) {
    if (error instanceof Watchlist.WatchInputError) throw new CliError(inputErrorSaid(error))
    throw error
  }
}

/** casefile watch alerts [--all] */
export const runAlerts: CommandRun = (context) =>
  withCore(context, (core) => {
    const all = context.options['all'] === true
    const alerts = Watchlist.listAlerts(core, { all })
    if (context.global.json)
      printJson(
        context.io,
        alerts.map(({ id, kind, state, reportId, type, value, createdAt, stateReason }) => ({
          id,
          kind,
          state,
          reportId,
          type,
          value,
          createdAt,
          // Added with --all (issue 38): why it was dismissed or escalated.
          stateReason,
        })),
      )
    else if (alerts.length === 0)
      context.io.out(all ? 'No alerts yet.' : 'No alerts to look at (`--all` lists every one).')
    else for (const alert of alerts) for (const line of alertLines(alert)) context.io.out(line)
    return EXIT.ok
  })

/** casefile watch seen ALERT */
export const runSeen: CommandRun = (context) => {
  const id = alertNumber(context)
  return withCore(context, (core) => {
    const alert = setState(core, id, 'seen')
    if (context.global.json) printJson(context.io, alert)
    else context.io.out(`Alert ${id} marked seen.`)
    return EXIT.ok
  })
}

const ACTIONS = ['open', 'draft', 'case'] as const
type Action = (typeof ACTIONS)[number]

/** The alert, if it may still be escalated: checked before anything is searched or written. */
function escalatable(core: Core, id: number): Watchlist.WatchAlertView {
  const alert = Watchlist.listAlerts(core, { all: true }).find((a) => a.id === id)
  if (!alert) throw new CliError(`No alert ${id}: \`casefile watch alerts --all\` lists them.`)
  if (alert.state === 'dismissed')
    throw new CliError(`Alert ${id} is dismissed: it cannot become escalated.`)
  return alert
}

const fraudTypeWords = (type: string | null | undefined) =>
  type ? (FRAUD_TYPE_LABELS[type as FraudType] ?? visibleName(type)) : 'none given'

/**
 * Open: the registry has no fetch of another organization's report by its id, so the watched
 * identifier is searched afresh (as the window's Search does) and the alert's report printed.
 */
async function openReport(context: CommandContext, core: Core, alert: Watchlist.WatchAlertView) {
  const answer = await Search.search(
    core,
    { identifier: alert.type as IdentifierType, value: alert.value },
    { signal: context.signal },
  )
  const report =
    answer.reports.find((r) => r.id === alert.reportId) ??
    answer.publicReports.find((r) => r.id === alert.reportId)
  const asOf = answer.source === 'online' ? 'the registry, now' : 'the copy saved on this computer'
  if (!report)
    throw new CliError(
      `A search for ${alert.type} ${alert.value} (${asOf}) no longer finds report ${visibleName(alert.reportId)}: it may have been unlisted. The alert is not escalated.`,
    )
  if (context.global.json) return { report, source: answer.source }
  const { reportingCompany, financialInstitution } = report as {
    reportingCompany?: { businessName?: string | null } | null
    financialInstitution?: string | null
  }
  const by = reportingCompany?.businessName ?? financialInstitution
  context.io.out(
    `Report ${visibleName(report.id)}, found by a search for ${alert.type} ${alert.value} (${asOf}):`,
  )
  context.io.out(`  Fraud type: ${fraudTypeWords(report.fraudType)}`)
  if ('listingStatus' in report && report.listingStatus)
    context.io.out(`  Listing: ${visibleName(String(report.listingStatus))}`)
  if (by) context.io.out(`  Reported by: ${visibleName(by)}`)
  if (report.createdAt) context.io.out(`  Filed: ${alertTime(report.createdAt)}`)
  for (const i of report.identifiers ?? [])
    context.io.out(`  Identifier: ${visibleName(i.label ?? '')} ${visibleName(i.value)}`)
  context.io.out(`  Reason: ${visibleName(report.fraudReason ?? '') || 'none given'}`)
  return { report, source: answer.source }
}

/** casefile watch escalate ALERT --action open|draft|case [--out FILE.zip] */
export const runEscalate: CommandRun = (context) => {
  const id = alertNumber(context)
  const action = (stringOption(context, 'action') ?? '') as Action
  if (!ACTIONS.includes(action))
    throw new CliError(
      `--action is open (print the report), draft (start a report naming the identifier) or case (write the report's case file, with --out FILE.zip); got "${action}".`,
    )
  const target = action === 'case' ? caseFileTarget(context) : undefined
  return withCore(context, async (core) => {
    const alert = escalatable(core, id)
    let reason: string
    let done: Record<string, unknown>
    if (action === 'open') {
      done = await openReport(context, core, alert)
      reason = ESCALATION_REASONS.open
    } else if (action === 'draft') {
      // The draft first: an escalation says what was done, so nothing is written if it fails.
      const draft = Drafts.createDraft(core, {
        identifiers: [{ label: alert.type, value: alert.value }],
      })
      done = { localId: draft.localId }
      reason = ESCALATION_REASONS.draft
      if (!context.global.json)
        context.io.out(
          `Draft ${draft.localId} started, naming ${alert.type} ${alert.value}: choose its fraud type and say what happened (in the window's editor, or \`casefile submit\`).`,
        )
    } else {
      const file = await writeCaseFile(context, core, alert.reportId, target as string)
      done = { written: target, ...file.summary }
      reason = caseFileReason(basename(target as string))
    }
    const escalated = setState(core, id, 'escalated', reason)
    if (context.global.json) printJson(context.io, { alert: escalated, action, ...done })
    else
      context.io.out(
        alert.state === 'escalated'
          ? `Alert ${id} was escalated already (${visibleName(alert.stateReason ?? '')}).`
          : `Alert ${id} escalated: ${reason}.`,
      )
    return EXIT.ok
  })
}

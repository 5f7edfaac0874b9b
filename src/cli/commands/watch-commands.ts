import { basename } from 'node:path'
import { IDENTIFIER_TYPES, type IdentifierType } from '../../shared/domain/identifiers'
import * as Watchlist from '../../core/watchlist/watchlist'
import { checkDue } from '../../core/watchlist/watch-check'
import { TableFileError } from '../../core/spreadsheet/table-file-error'
import { CliError } from '../cli-error'
import { printJson, printTable } from '../cli-io'
import type { CommandContext, CommandRun } from '../command-line-spec'
import { describeFileError } from '../describe-failure'
import { EXIT } from '../exit-codes'
import { interruptedError } from '../interrupted'
import { withCore } from '../open-core'
import { stringOption } from '../option-values'
import { alertChangeSummary } from '../../shared/watch-change-words'

/* `casefile watch …`: the watchlist, its checks and its alerts (README, "Watchlist"). */

function numberArgument(context: CommandContext, what: string, hint: string): number {
  const text = context.args[0] ?? ''
  const n = Number(text)
  if (!Number.isInteger(n) || n <= 0)
    throw new CliError(`${what} is a number, as ${hint} shows it; got "${text}".`)
  return n
}

function inputError(error: unknown, prefix = ''): never {
  if (error instanceof Watchlist.WatchInputError) throw new CliError(`${prefix}${error.message}`)
  throw error
}

function printAdded(context: CommandContext, result: ReturnType<typeof Watchlist.addNormalized>) {
  if (context.global.json) return printJson(context.io, result)
  for (const item of result.added)
    context.io.out(`Watching ${item.type} ${item.value} (item ${item.id}).`)
  for (const item of result.existing)
    context.io.out(`Already watched: ${item.type} ${item.value} (item ${item.id}).`)
}

/** casefile watch add --type T VALUE [--note …] */
export const runAdd: CommandRun = (context) => {
  const type = stringOption(context, 'type') ?? ''
  if (!(IDENTIFIER_TYPES as readonly string[]).includes(type))
    throw new CliError(`--type is one of ${IDENTIFIER_TYPES.join(', ')}; got "${type}".`)
  return withCore(context, (core) => {
    try {
      const result = Watchlist.addIdentifier(core, type as IdentifierType, context.args[0] ?? '', {
        note: stringOption(context, 'note') ?? null,
      })
      printAdded(context, result)
      return EXIT.ok
    } catch (error) {
      return inputError(error)
    }
  })
}

/** casefile watch import FILE */
export const runImport: CommandRun = (context) => {
  const file = context.args[0] as string
  return withCore(context, async (core) => {
    let result
    try {
      result = await Watchlist.importList(core, { path: file, fileName: basename(file) })
    } catch (error) {
      if (error instanceof TableFileError) throw new CliError(`${file}: ${error.message}`)
      const problem = describeFileError(error, file)
      if (problem) throw new CliError(problem)
      return inputError(error, `${file}: `)
    }
    if (context.global.json) printJson(context.io, result)
    else {
      context.io.out(
        `${result.added.length} identifiers added to the watchlist, ${result.existing.length} already watched.`,
      )
      for (const p of result.problems) context.io.out(`Row ${p.row}, ${p.column}: ${p.message}`)
    }
    return result.problems.length > 0 ? EXIT.usage : EXIT.ok
  })
}

/** casefile watch list */
export const runList: CommandRun = (context) =>
  withCore(context, (core) => {
    const items = Watchlist.listItems(core)
    if (context.global.json)
      printJson(
        context.io,
        items.map(({ id, type, value, lastCheckedAt, nextCheckAt }) => ({
          id,
          type,
          value,
          lastCheckedAt,
          nextCheckAt,
        })),
      )
    else if (items.length === 0)
      context.io.out('Nothing is watched: `casefile watch add --type phone 0803…` adds one.')
    else
      printTable(
        context.io,
        ['ID', 'TYPE', 'VALUE', 'LAST CHECKED', 'NEXT CHECK', 'NOTE'],
        items.map((i) => [
          String(i.id),
          i.type,
          i.value,
          i.lastCheckedAt ?? 'never',
          i.nextCheckAt,
          i.note ?? '',
        ]),
      )
    return EXIT.ok
  })

/** casefile watch remove ID */
export const runRemove: CommandRun = (context) => {
  const id = numberArgument(context, 'ID', '`casefile watch list`')
  return withCore(context, (core) => {
    const { removed } = Watchlist.removeItem(core, id)
    if (!removed) throw new CliError(`No watched item ${id}: \`casefile watch list\` lists them.`)
    if (context.global.json) printJson(context.io, { removed })
    else context.io.out(`Item ${id} is no longer watched (its alerts are kept).`)
    return EXIT.ok
  })
}

/** casefile watch check [--all]: exit 2 with new alerts, 3 when the registry could not be reached. */
export const runCheck: CommandRun = (context) =>
  withCore(context, async (core) => {
    const run = await checkDue(core, {
      all: context.options['all'] === true,
      signal: context.signal,
    })
    if (context.signal.aborted) throw interruptedError(context.signal)
    let exitCode: number = EXIT.ok
    if (run.alerts.length > 0) exitCode = EXIT.needsAttention
    else if (run.stopped?.kind === 'unreachable') exitCode = EXIT.offline
    else if (run.stopped?.kind === 'unauthorized') exitCode = EXIT.unauthorized
    const alerts = run.alerts.map((a) => ({
      id: a.id,
      itemId: a.item_id,
      type: a.type,
      value: a.value,
      kind: a.kind,
      reportId: a.report_id,
    }))
    if (context.global.json) printJson(context.io, { checked: run.checked, alerts, exitCode })
    else {
      context.io.out(`${run.checked} checked, ${alerts.length} new alerts.`)
      for (const a of alerts)
        context.io.out(`Alert ${a.id}: ${a.kind} ${a.reportId} on ${a.type} ${a.value}`)
    }
    if (run.stopped) context.io.err(run.stopped.message)
    return exitCode
  })

/** casefile watch alerts */
export const runAlerts: CommandRun = (context) =>
  withCore(context, (core) => {
    const alerts = Watchlist.listAlerts(core)
    if (context.global.json)
      printJson(
        context.io,
        alerts.map(({ id, kind, state, reportId, type, value, createdAt }) => ({
          id,
          kind,
          state,
          reportId,
          type,
          value,
          createdAt,
        })),
      )
    else if (alerts.length === 0) context.io.out('No alerts to look at.')
    else
      printTable(
        context.io,
        ['ALERT', 'KIND', 'STATE', 'REPORT', 'TYPE', 'VALUE', 'RAISED', 'CHANGE'],
        alerts.map((a) => [
          String(a.id),
          a.kind,
          a.state,
          a.reportId,
          a.type,
          a.value,
          a.createdAt,
          alertChangeSummary(a),
        ]),
      )
    return EXIT.ok
  })

/** casefile watch dismiss ALERT --reason … */
export const runDismiss: CommandRun = (context) => {
  const id = numberArgument(context, 'ALERT', '`casefile watch alerts`')
  const reason = stringOption(context, 'reason')
  if (!reason?.trim()) throw new CliError('--reason is required: say why the alert is dismissed.')
  return withCore(context, (core) => {
    try {
      const alert = Watchlist.setAlertState(core, id, 'dismissed', reason)
      if (context.global.json) printJson(context.io, alert)
      else context.io.out(`Alert ${id} dismissed.`)
      return EXIT.ok
    } catch (error) {
      return inputError(error)
    }
  })
}

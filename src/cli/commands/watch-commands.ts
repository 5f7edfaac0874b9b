import { basename } from 'node:path'
import { IDENTIFIER_TYPES, type IdentifierType } from '../../shared/domain/identifiers'
import { describeWatchPeriod, readWatchPeriod } from '../../shared/domain/watch-period'
import * as Watchlist from '../../core/watchlist/watchlist'
import {
  importList,
  checkDue,
  hourlyBudget,
  HOUR_MS,
  type CheckRun,
  type Wait,
  pickUpOwnReports,
  changeWatchSettings,
  type WatchSettings,
} from '../../core/watchlist/watchlist'
import { HOURLY_BUDGET, hourlyBudgetProblem } from '../../shared/contracts/watchlist'
import { TableFileError } from '../../core/spreadsheet/index'
import { CliError } from '../cli-error'
import { inputErrorSaid } from '../core-words'
import { printJson, printTable } from '../cli-io'
import type { CommandContext, CommandRun } from '../command-line-spec'
import { describeFileError } from '../describe-failure'
import { EXIT } from '../exit-codes'
import { interruptedError } from '../interrupted'
import { withCore } from '../open-core'
import { stringOption } from '../option-values'
import { alertLines } from './watch-alert-words'

/* `casefile watch …`: the watchlist, its checks and its alerts (README, "Watchlist"). */

function numberArgument(context: CommandContext, what: string, hint: string): number {
  const text = context.args[0] ?? ''
  const n = Number(text)
  if (!Number.isInteger(n) || n <= 0)
    throw new CliError(`${what} is a number, as ${hint} shows it; got "${text}".`)
  return n
}

function inputError(error: unknown, prefix = ''): never {
  if (error instanceof Watchlist.WatchInputError)
    throw new CliError(
      `${prefix}${inputErrorSaid(error)}${error.noBank ? ' `casefile banks` lists the banks.' : ''}`,
    )
  throw error
}

/** --note, --owner and --every as given (absent: undefined), --every read as a period. */
function itemOptions(context: CommandContext) {
  const every = stringOption(context, 'every')
  let periodMs: number | undefined
  if (every !== undefined) {
    const period = readWatchPeriod(every)
    if (!period.ok) throw new CliError(`--every: ${period.message}`)
    periodMs = period.ms
  }
  return {
    note: stringOption(context, 'note'),
    owner: stringOption(context, 'owner'),
    periodMs,
  }
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
  const options = itemOptions(context)
  return withCore(context, async (core) => {
    try {
      const result = await Watchlist.addTyped(
        core,
        type as IdentifierType,
        context.args[0] ?? '',
        options,
      )
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
  const options = itemOptions(context)
  return withCore(context, async (core) => {
    let result
    try {
      result = await importList(core, { path: file, fileName: basename(file) }, options)
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
        items.map(({ id, type, value, lastCheckedAt, nextCheckAt, note, owner, periodMs }) => ({
          id,
          type,
          value,
          lastCheckedAt,
          nextCheckAt,
          note,
          owner,
          periodMs,
        })),
      )
    else if (items.length === 0)
      context.io.out('Nothing is watched: `casefile watch add --type phone 0803…` adds one.')
    else
      printTable(
        context.io,
        ['ID', 'TYPE', 'VALUE', 'CHECKED', 'LAST CHECKED', 'NEXT CHECK', 'OWNER', 'NOTE'],
        items.map((i) => [
          String(i.id),
          i.type,
          i.value,
          describeWatchPeriod(i.periodMs),
          i.lastCheckedAt ?? 'never',
          i.nextCheckAt,
          i.owner ?? '',
          i.note ?? '',
        ]),
      )
    return EXIT.ok
  })

/** casefile watch edit ID [--note …] [--owner …] [--every …] */
export const runEdit: CommandRun = (context) => {
  const id = numberArgument(context, 'ID', '`casefile watch list`')
  const change = itemOptions(context)
  if (Object.values(change).every((v) => v === undefined))
    throw new CliError('Say what to change: --note, --owner or --every.')
  return withCore(context, (core) => {
    try {
      const item = Watchlist.editItem(core, id, change)
      if (context.global.json) printJson(context.io, item)
      else
        context.io.out(
          `Item ${id} (${item.type} ${item.value}) is checked ${describeWatchPeriod(item.periodMs)}; next check ${item.nextCheckAt}.`,
        )
      return EXIT.ok
    } catch (error) {
      return inputError(error)
    }
  })
}

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

/** Real time, cut short by Ctrl-C or SIGTERM: the run's pace and its waits for the registry. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })

/** A wait long enough to wonder about is said, on stderr, with why. */
const SAY_WAITS_FROM_MS = 5_000

function waitSaying(context: CommandContext, pace: () => number): Wait {
  return (ms, signal, why) => {
    if (ms >= SAY_WAITS_FROM_MS && !context.global.json) {
      const seconds = Math.ceil(ms / 1000)
      context.io.err(
        why === 'quiet'
          ? `The registry asked for a pause: waiting ${seconds} s before the next check.`
          : `Waiting ${seconds} s before the next check: at most one every ${Math.ceil(pace() / 1000)} s (\`casefile watch settings --budget\` changes it).`,
      )
    }
    return sleep(ms, signal)
  }
}

/**
 * casefile watch check [--all]: exit 3 when items it meant to check are left unchecked (the
 * registry unreachable, a Retry-After longer than it waits, the folder busy), else 2 with new
 * alerts, else 0. Every alert the run raised is printed, whatever the exit.
 */
export const runCheck: CommandRun = (context) =>
  withCore(context, async (core) => {
    // Our reports sent since the last run, when "own reports" is on (one query when none).
    pickUpOwnReports(core)
    const run = await checkDue(core, {
      all: context.options['all'] === true,
      signal: context.signal,
      wait: waitSaying(context, () => Math.ceil(HOUR_MS / hourlyBudget(core))),
    })
    if (context.signal.aborted) throw interruptedError(context.signal)
    let exitCode: number = EXIT.ok
    if (run.stopped?.kind === 'unauthorized') exitCode = EXIT.unauthorized
    else if (run.remaining > 0) exitCode = EXIT.offline
    else if (run.alerts.length > 0) exitCode = EXIT.needsAttention
    const alerts = run.alerts.map((a) => ({
      id: a.id,
      itemId: a.item_id,
      type: a.type,
      value: a.value,
      kind: a.kind,
      reportId: a.report_id,
    }))
    if (context.global.json)
      printJson(context.io, { checked: run.checked, alerts, exitCode, remaining: run.remaining })
    else {
      context.io.out(`${run.checked} checked, ${alerts.length} new alerts.`)
      for (const a of run.alerts)
        for (const line of alertLines(Watchlist.alertView(a))) context.io.out(line)
    }
    if (run.stopped) context.io.err(run.stopped.message)
    if (run.remaining > 0) context.io.err(remainingWords(run))
    return exitCode
  })

function remainingWords(run: CheckRun): string {
  const items = (n: number) => `${n} watched item${n === 1 ? '' : 's'}`
  const busy =
    run.busy > 0
      ? ` ${items(run.busy)} could not be recorded: another Casefile process kept the data folder busy.`
      : ''
  return `${items(run.remaining)} not checked, still due: run \`casefile watch check\` again later.${busy}`
}

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

/** --budget N: checked here, so a bad value says which option is wrong and how to write it. */
function budgetOption(context: CommandContext): number | undefined {
  const text = stringOption(context, 'budget')
  if (text === undefined) return undefined
  const budget = text.trim() === '' ? Number.NaN : Number(text)
  if (hourlyBudgetProblem(budget) !== null)
    throw new CliError(
      `--budget is how many checks an hour the watchlist may make: a whole number from ${HOURLY_BUDGET.min} to ${HOURLY_BUDGET.max} (the default is ${HOURLY_BUDGET.default}); got "${text}". For example: casefile watch settings --budget 60`,
    )
  return budget
}

function ownReportsOption(context: CommandContext): boolean | undefined {
  const text = stringOption(context, 'own-reports')
  if (text === undefined) return undefined
  const word = text.trim().toLowerCase()
  if (word !== 'on' && word !== 'off')
    throw new CliError(
      `--own-reports is on or off; got "${text}". For example: casefile watch settings --own-reports on`,
    )
  return word === 'on'
}

/** casefile watch settings [--budget N] [--own-reports on|off] */
export const runSettings: CommandRun = (context) => {
  const change: Partial<WatchSettings> = {}
  const budget = budgetOption(context)
  const ownReports = ownReportsOption(context)
  if (budget !== undefined) change.hourlyBudget = budget
  if (ownReports !== undefined) change.ownReports = ownReports
  return withCore(context, (core) => {
    let result
    try {
      result = changeWatchSettings(core, change)
    } catch (error) {
      return inputError(error)
    }
    const { settings, added } = result
    if (context.global.json) {
      // `added`: how many items turning our own reports on added (0 for any other change).
      printJson(context.io, { ...settings, added })
      return EXIT.ok
    }
    const pace = Math.ceil(3600 / settings.hourlyBudget)
    context.io.out(
      `Checks per hour: ${settings.hourlyBudget} (at most one every ${pace} s: enough for ${(settings.hourlyBudget * 24).toLocaleString('en')} identifiers a day).`,
    )
    context.io.out(
      `Our own reports' identifiers watched: ${settings.ownReports ? 'on' : 'off'}${settings.ownReports ? '' : ' (`--own-reports on` watches them)'}.`,
    )
    if (change.ownReports === true)
      context.io.out(
        `${added} identifier${added === 1 ? '' : 's'} of our sent reports added to the watchlist.`,
      )
    return EXIT.ok
  })
}

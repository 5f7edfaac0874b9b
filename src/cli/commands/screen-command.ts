import { readFile, stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import type { Core } from '../../core/open-core'
import { MAX_SCREENING_RATE } from '../../shared/contract-screening'
import * as Screening from '../../core/screening/screening'
import { runJob, type RunOutcome } from '../../core/screening/screening-runner'
import { exportHits } from '../../core/screening/screening-export'
import { checkOutputFile, writeReplacing } from '../../core/spreadsheet/output-file'
import { TableFileError } from '../../core/spreadsheet/table-file-error'
import { CliError } from '../cli-error'
import type { CommandContext, CommandRun } from '../command-line-spec'
import { describeFileError } from '../describe-failure'
import { EXIT } from '../exit-codes'
import { interruptedError } from '../interrupted'
import { withCore } from '../open-core'
import { listOption, stringOption } from '../option-values'
import { printJobList, printScreening, screenExitCode } from './screen-output'

const MAX_LIST_BYTES = 5 * 1024 * 1024

function rateOption(context: CommandContext): number | undefined {
  const text = stringOption(context, 'rate')
  if (text === undefined) return undefined
  const rate = Number(text)
  if (text.trim() === '' || !Number.isFinite(rate) || rate <= 0 || rate > MAX_SCREENING_RATE)
    throw new CliError(
      `--rate is searches a second, above 0 and at most ${MAX_SCREENING_RATE}; got "${text}".`,
    )
  return rate
}

function jobArgument(context: CommandContext): number {
  const text = context.args[0] ?? ''
  const job = Number(text)
  if (!Number.isInteger(job) || job <= 0)
    throw new CliError(
      `JOB is a job's number, as \`casefile screen list\` shows it; got "${text}".`,
    )
  return job
}

function outOption(context: CommandContext, inputs: string[]) {
  const out = stringOption(context, 'out')
  if (out === undefined) return null
  const checked = checkOutputFile(out, inputs)
  if (!checked.ok) throw new CliError(checked.message.replace('the rejected rows', 'the hits'))
  return checked
}

/** The live line on a terminal (stderr only, only a TTY, never with --json). */
function progressLine(context: CommandContext, core: Core, job: number) {
  if (context.global.json || !process.stderr.isTTY) return undefined
  let last = 0
  return ({ waiting }: { searched: number; waiting: { reason: string } | null }) => {
    const now = Date.now()
    if (now - last < 250) return
    last = now
    const { totals } = Screening.jobView(core, job)
    const line = `Screening job ${job}: ${totals.searched}/${totals.identifiers} searched, ${totals.hits} rows hit${waiting ? ` — ${waiting.reason}` : ''}`
    process.stderr.write(`\r\x1b[K${line.slice(0, (process.stderr.columns ?? 100) - 1)}`)
  }
}

/** Runs the job here until it is done, paused, or the registry cannot be reached; then prints it. */
async function runAndPrint(
  context: CommandContext,
  core: Core,
  job: number,
  rate: number | undefined,
  out: ReturnType<typeof outOption>,
) {
  let outcome: RunOutcome | null = null
  const view = Screening.reopenJob(core, job, { rate })
  if (view.state === 'open') {
    const progress = progressLine(context, core, job)
    outcome = await runJob(core, job, {
      rate: view.rate,
      signal: context.signal,
      stopWhenUnreachable: true,
      onProgress: progress,
    })
    if (progress) process.stderr.write('\r\x1b[K')
    if (context.signal.aborted) throw interruptedError(context.signal)
  }
  return finish(context, core, job, outcome, out)
}

async function finish(
  context: CommandContext,
  core: Core,
  job: number,
  outcome: RunOutcome | null,
  out: ReturnType<typeof outOption>,
) {
  const view = Screening.showJob(core, job)
  let code = screenExitCode(view, outcome?.stopped === 'unreachable')
  if (outcome?.stopped === 'unauthorized' && code === EXIT.offline) code = EXIT.unauthorized
  if (outcome?.stopped === 'busy' && code !== EXIT.needsAttention) code = EXIT.busy
  if (out) {
    const written = await writeReplacing(out.path, (temporary) =>
      exportHits(core, job, { path: temporary }, out.format),
    )
    if (!context.global.json)
      context.io.out(`${written.rows} hit lines written to ${stringOption(context, 'out')}.`)
  }
  printScreening(context.io, view, code, { json: context.global.json, note: outcome?.message })
  return code
}

/** casefile screen FILE [--map COLUMN=TYPE …] [--out HITS.xlsx] [--rate N] [--offline] */
export const run: CommandRun = async (context) => {
  const file = context.args[0] as string
  const out = outOption(context, [file])
  const rate = rateOption(context)
  return withCore(context, async (core) => {
    let job: number
    try {
      const isList = extname(file).toLowerCase() === '.txt'
      if (isList && (await stat(file)).size > MAX_LIST_BYTES)
        throw new CliError(`${file} is larger than 5 MB: split the list.`)
      const source = isList
        ? { kind: 'list' as const, fileName: basename(file), text: await readFile(file, 'utf8') }
        : { kind: 'table' as const, fileName: basename(file), table: { path: file } }
      job = await Screening.startScreening(core, source, {
        mapArguments: listOption(context, 'map'),
        rate,
        offline: context.options['offline'] === true,
      })
    } catch (error) {
      if (error instanceof TableFileError || error instanceof Screening.ScreeningInputError)
        throw new CliError(`${file}: ${error.message}`)
      if (error instanceof CliError) throw error
      const problem = describeFileError(error, file)
      if (problem) throw new CliError(problem)
      throw error
    }
    if (context.options['offline'] === true) return finish(context, core, job, null, out)
    return runAndPrint(context, core, job, undefined, out)
  })
}

export const runList: CommandRun = (context) =>
  withCore(context, (core) => {
    printJobList(context.io, Screening.listJobs(core), context.global.json)
    return EXIT.ok
  })

export const runShow: CommandRun = (context) => {
  const job = jobArgument(context)
  const out = outOption(context, [])
  return withCore(context, (core) => {
    try {
      return finish(context, core, job, null, out)
    } catch (error) {
      if (error instanceof Screening.ScreeningInputError) throw new CliError(error.message)
      throw error
    }
  })
}

export const runResume: CommandRun = (context) => {
  const job = jobArgument(context)
  const rate = rateOption(context)
  return withCore(context, async (core) => {
    try {
      return await runAndPrint(context, core, job, rate, null)
    } catch (error) {
      if (error instanceof Screening.ScreeningInputError) throw new CliError(error.message)
      throw error
    }
  })
}

export const runCancel: CommandRun = (context) => {
  const job = jobArgument(context)
  return withCore(context, async (core) => {
    try {
      const view = await Screening.cancelJob(core, job)
      if (context.global.json)
        context.io.out(
          JSON.stringify({ job: view.job, state: view.state, totals: view.totals }, null, 2),
        )
      else context.io.out(`Screening job ${job}: ${view.state}.`)
      return EXIT.ok
    } catch (error) {
      if (error instanceof Screening.ScreeningInputError) throw new CliError(error.message)
      throw error
    }
  })
}

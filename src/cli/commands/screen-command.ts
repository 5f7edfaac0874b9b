import { readFile, stat, writeFile } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import type { Core } from '../../core/open-core'
import {
  MAX_HEADER_ROW,
  MAX_SCREENING_RATE,
  type ScreeningEstimate,
} from '../../shared/contracts/screening'
import * as Screening from '../../core/screening/screening'
import {
  runJob,
  type RunOutcome,
  exportHits,
  exportRecord,
  recordAboutJson,
  aboutPathOf,
} from '../../core/screening/screening'
import { checkOutputFile, writeReplacing, TableFileError } from '../../core/spreadsheet/index'
import { CliError } from '../cli-error'
import { inputErrorSaid, mapArgument } from '../core-words'
import { describeOutputProblem } from '../output-problem'
import type { CommandContext, CommandRun } from '../command-line-spec'
import { describeFileError } from '../describe-failure'
import { EXIT } from '../exit-codes'
import { interruptedError } from '../interrupted'
import { withCore } from '../open-core'
import { listOption, stringOption } from '../option-values'
import { estimateWords, printJobList, printScreening, screenExitCode } from './screen-output'
import { printJson } from '../cli-io'

const MAX_LIST_BYTES = 5 * 1024 * 1024

function rateOption(context: CommandContext): number | 'auto' | undefined {
  const text = stringOption(context, 'rate')
  if (text === undefined) return undefined
  if (text.trim().toLowerCase() === 'auto') return 'auto'
  const rate = Number(text)
  if (text.trim() === '' || !Number.isFinite(rate) || rate <= 0 || rate > MAX_SCREENING_RATE)
    throw new CliError(
      `--rate is searches a second, above 0 and at most ${MAX_SCREENING_RATE}, or auto; got "${text}".`,
    )
  return rate
}

const AGE_UNITS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000 }

/** --fresher-than AGE: how young an earlier answer must be to be reused (ms). */
function fresherThanOption(context: CommandContext): number | undefined {
  const text = stringOption(context, 'fresher-than')
  if (text === undefined) return undefined
  const match = /^\s*(\d+(?:\.\d+)?)\s*([dhm])\s*$/i.exec(text)
  const unit = AGE_UNITS[match?.[2]?.toLowerCase() ?? '']
  const age = match && unit ? Number(match[1]) * unit : NaN
  if (!Number.isFinite(age) || age <= 0 || age > 366 * 86_400_000)
    throw new CliError(
      `--fresher-than is an age, a number of days (d), hours (h) or minutes (m) up to a year, such as 7d or 12h; got "${text}".`,
    )
  return age
}

function headerRowOption(context: CommandContext): number | undefined {
  const text = stringOption(context, 'header-row')
  if (text === undefined) return undefined
  const row = Number(text)
  if (!/^\d+$/.test(text.trim()) || row < 1 || row > MAX_HEADER_ROW)
    throw new CliError(
      `--header-row is the row the column names are on, 1 to ${MAX_HEADER_ROW}; got "${text}".`,
    )
  return row
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

/** Where --out (the hits) and --record (every row with its outcome) go, checked before anything runs. */
function outOptions(context: CommandContext, inputs: string[]) {
  const checked = (name: 'out' | 'record', what: string) => {
    const path = stringOption(context, name)
    if (path === undefined) return null
    const check = checkOutputFile(path, inputs)
    if (!check.ok)
      throw new CliError(describeOutputProblem(check, { what, input: 'the list being screened' }))
    return { ...check, given: path }
  }
  const out = checked('out', 'the hits')
  const record = checked('record', 'the screening record')
  if (out && record && out.path === record.path)
    throw new CliError('--out and --record name the same file: give each its own.')
  return { out, record }
}
type Outputs = ReturnType<typeof outOptions>

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
  rate: number | 'auto' | undefined,
  outputs: Outputs,
  estimate?: ScreeningEstimate,
) {
  let outcome: RunOutcome | null = null
  const view = Screening.reopenJob(core, job, { rate })
  if (view.state === 'open') {
    if (estimate && !context.global.json) context.io.err(estimateWords(estimate))
    const progress = progressLine(context, core, job)
    outcome = await runJob(core, job, {
      rate: view.pace === 'auto' ? 'auto' : view.rate,
      signal: context.signal,
      stopWhenUnreachable: true,
      onProgress: progress,
    })
    if (progress) process.stderr.write('\r\x1b[K')
    if (context.signal.aborted) throw interruptedError(context.signal)
  }
  return finish(context, core, job, outcome, outputs, estimate)
}

async function finish(
  context: CommandContext,
  core: Core,
  job: number,
  outcome: RunOutcome | null,
  outputs: Outputs,
  estimate?: ScreeningEstimate,
) {
  const view = Screening.showJob(core, job)
  let code = screenExitCode(view)
  if (outcome?.stopped === 'unauthorized' && code === EXIT.offline) code = EXIT.unauthorized
  if (outcome?.stopped === 'busy' && code !== EXIT.needsAttention) code = EXIT.busy
  const { out, record } = outputs
  if (out) {
    const written = await writeReplacing(out.path, (temporary) =>
      exportHits(core, job, { path: temporary }, out.format),
    )
    if (!context.global.json) context.io.out(`${written.rows} hit lines written to ${out.given}.`)
  }
  if (record) {
    const written = await writeReplacing(record.path, (temporary) =>
      exportRecord(core, job, { path: temporary }, record.format),
    )
    if (!context.global.json)
      context.io.out(
        `The screening record (${written.rows === 1 ? '1 row' : `${written.rows} rows`}, each with its outcome) written to ${record.given}.`,
      )
    // A CSV stays a plain table: what it says about itself for an auditor goes beside it.
    if (record.format === 'csv') {
      const about = aboutPathOf(record.path)
      await writeReplacing(about, async (temporary) =>
        writeFile(temporary, recordAboutJson(core, job), { mode: 0o600 }),
      )
      if (!context.global.json)
        context.io.out(`What the record rests on (file hash, registry, pace…) written to ${about}.`)
    }
  }
  printScreening(context.io, view, code, {
    json: context.global.json,
    note: outcome?.message,
    estimate,
  })
  return code
}

/** casefile screen FILE [--map COLUMN=TYPE …] [--header-row N] [--bank NAME|CODE] [--out HITS.xlsx] [--record RECORD.xlsx] [--rate N] [--offline] */
export const run: CommandRun = async (context) => {
  const file = context.args[0] as string
  const outputs = outOptions(context, [file])
  const rate = rateOption(context)
  const fresherThanMs = fresherThanOption(context)
  const headerRow = headerRowOption(context)
  const estimateOnly = context.options['estimate'] === true
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
        // A list has no columns to map: --map is for a table only, as before.
        columnTypes: isList
          ? undefined
          : listOption(context, 'map').map((argument) => mapArgument(file, argument)),
        headerRow,
        bank: stringOption(context, 'bank'),
        rate,
        fresherThanMs,
        offline: context.options['offline'] === true,
      })
    } catch (error) {
      if (error instanceof Screening.ScreeningInputError)
        throw new CliError(`${file}: ${inputErrorSaid(error)}`)
      if (error instanceof TableFileError) throw new CliError(`${file}: ${error.message}`)
      if (error instanceof CliError) throw error
      const problem = describeFileError(error, file)
      if (problem) throw new CliError(problem)
      throw error
    }
    const estimate = Screening.estimateScreening(core, job)
    if (estimateOnly) {
      // Nothing is searched and nothing is kept: the job was written only to count it.
      Screening.discardJob(core, job)
      if (context.global.json) printJson(context.io, { estimate })
      else context.io.out(estimateWords(estimate))
      return EXIT.ok
    }
    if (context.options['offline'] === true)
      return finish(context, core, job, null, outputs, estimate)
    return runAndPrint(context, core, job, undefined, outputs, estimate)
  })
}

export const runList: CommandRun = (context) =>
  withCore(context, (core) => {
    printJobList(context.io, Screening.listJobs(core), context.global.json)
    return EXIT.ok
  })

export const runShow: CommandRun = (context) => {
  const job = jobArgument(context)
  const outputs = outOptions(context, [])
  return withCore(context, async (core) => {
    try {
      // Awaited here, so that a job that is not there is caught below and not as a bug.
      return await finish(context, core, job, null, outputs)
    } catch (error) {
      if (error instanceof Screening.ScreeningInputError) throw new CliError(inputErrorSaid(error))
      throw error
    }
  })
}

export const runResume: CommandRun = (context) => {
  const job = jobArgument(context)
  const rate = rateOption(context)
  return withCore(context, async (core) => {
    try {
      return await runAndPrint(context, core, job, rate, { out: null, record: null })
    } catch (error) {
      if (error instanceof Screening.ScreeningInputError) throw new CliError(inputErrorSaid(error))
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
      if (error instanceof Screening.ScreeningInputError) throw new CliError(inputErrorSaid(error))
      throw error
    }
  })
}

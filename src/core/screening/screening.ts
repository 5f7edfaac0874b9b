import {
  DEFAULT_SCREENING_RATE,
  type ScreeningJobView,
  type ScreeningMapping,
  type ScreeningPreview,
  type ScreeningShowView,
} from '../../shared/contract-screening'
import type { IdentifierType } from '../../shared/domain/identifiers'
import type { CoreContext } from '../core-context'
import { listBanks } from '../banks/banks-cache'
import { ensureBankList } from '../banks/banks'
import { isoTime } from '../cache/cache-times'
import type { TableSource } from '../spreadsheet/read-table'
import { columnLetter } from '../spreadsheet/cell-reference'
import {
  parseMapArgument,
  rememberMapping,
  rememberedMapping,
  suggestMapping,
  withChanges,
} from './screening-columns'
import {
  readScreeningTable,
  screeningInputOf,
  screeningInputOfList,
  type ScreeningInput,
} from './screening-input'
import { bankLookup } from './screening-normalize'
import { matchCached } from './screening-offline'
import { hitLinks, hitView, jobAnswers, totalsOf, uncheckedRows } from './screening-results'
import { isRunning, runInBackground, stopRunner, waitingOf } from './screening-runs'
import {
  insertJob,
  jobProblems,
  jobRow,
  jobRows,
  reopenOlderThan,
  setJobRate,
  setJobState,
  type JobRow,
} from './screening-store'
import { prepare } from '../store/prepare'
import { InputError } from '../input-error'
import { writeTransaction } from '../store/write-transaction'

/*
 * Screening a whole list (issue 28), over the core: read and normalize every value, match them
 * all against this computer's cache at once, and keep a durable job that searches the registry
 * for each distinct identifier once (screening-runner.ts). The window's handlers and the
 * `casefile screen` commands call these.
 */

/** The list cannot be screened as it is: the message says what to change. */
export class ScreeningInputError extends InputError {
  override name = 'ScreeningInputError'
}

export type ScreeningSourceInput =
  | { kind: 'table'; fileName: string; table: TableSource }
  | { kind: 'list'; fileName: string; text: string; type?: IdentifierType }

export interface StartOptions {
  /** The whole mapping (the window's mapper); else the remembered or suggested one. */
  mapping?: ScreeningMapping
  /** Laid over the remembered or suggested mapping (the window's single changes). */
  changes?: ScreeningMapping
  /** `COLUMN=TYPE` as the command line gives them (the CLI's --map), laid over it too. */
  mapArguments?: readonly string[]
  rate?: number
  /** Match against the cache only: the job waits, paused, for a resume to search online. */
  offline?: boolean
}

function banksOf(core: CoreContext) {
  return bankLookup(listBanks(core.db))
}

/** The bank list, fetched first when this computer has none yet (as the import does). */
async function ensureBanks(core: CoreContext, offline: boolean): Promise<void> {
  if (!offline) await ensureBankList(core)
}

export async function previewScreening(
  core: CoreContext,
  table: TableSource,
): Promise<ScreeningPreview> {
  const read = await readScreeningTable(table)
  const remembered = rememberedMapping(core.db, read.header)
  return {
    columns: read.header.map((name, index) => ({ index, letter: columnLetter(index), name })),
    mapping: remembered ?? suggestMapping(read.header),
    remembered: remembered !== null,
    sample: read.rows.slice(0, 5).map((row) => row.cells),
    dataRows: read.rows.length,
  }
}

async function inputOf(
  core: CoreContext,
  source: ScreeningSourceInput,
  options: StartOptions,
): Promise<ScreeningInput> {
  if (source.kind === 'list') return screeningInputOfList(source.text, source.type, banksOf(core))
  const table = await readScreeningTable(source.table)
  if (table.header.length === 0)
    throw new ScreeningInputError('The sheet is empty: nothing to screen.')
  const base =
    options.mapping ?? rememberedMapping(core.db, table.header) ?? suggestMapping(table.header)
  const fromArguments = (options.mapArguments ?? []).map((argument) => {
    const parsed = parseMapArgument(argument, table.header)
    if ('problem' in parsed) throw new ScreeningInputError(parsed.problem)
    return parsed
  })
  const mapping = withChanges(base, [...(options.changes ?? []), ...fromArguments])
  const banks = banksOf(core)
  if (!mapping.some((m) => m.type !== 'bank' && m.type !== 'ignore'))
    throw new ScreeningInputError(
      `No column says which identifier it holds. Map them, e.g. --map "${table.header[0] ?? 'A'}=phone". Columns: ${table.header.map((h, i) => `${columnLetter(i)} "${h}"`).join(', ')}. Types: account (with a bank column), bvn, nin, phone, email, drivers_license, international_passport, account_name, social_handle.`,
    )
  if (mapping.some((m) => m.type === 'account') && !banks.known)
    throw new ScreeningInputError(
      "The bank list is not on this computer yet, so the accounts' banks cannot be read: refresh it (casefile banks --refresh, or connect once) and screen again.",
    )
  rememberMapping(core.db, table.header, mapping, core.clock.now())
  return screeningInputOf(table, mapping, banks)
}

/** Reads, normalizes and matches the list against the cache; the job, ready to run. */
export async function startScreening(
  core: CoreContext,
  source: ScreeningSourceInput,
  options: StartOptions = {},
): Promise<number> {
  await ensureBanks(core, options.offline === true)
  const input = await inputOf(core, source, options)
  const now = core.clock.now()
  const { db } = core
  return writeTransaction(db, () => {
    const { jobId, identifiers } = insertJob(db, {
      fileName: source.fileName,
      rate: options.rate ?? DEFAULT_SCREENING_RATE,
      state: options.offline ? 'paused' : 'open',
      input,
      now,
    })
    const list = [...identifiers.keys()].map((key) => {
      const [label = '', value = ''] = key.split('\u0000')
      return { label, value }
    })
    const matches = matchCached(db, list)
    const write = prepare(
      db,
      `UPDATE screening_identifiers SET source = 'cache', checked_at = ?, report_ids_json = ?,
         public_report_ids_json = ? WHERE id = ?`,
    )
    const ids = [...identifiers.values()]
    matches.forEach((match, n) => {
      if (match.asOf === null && match.reportIds.length + match.publicReportIds.length === 0) return
      write.run(
        match.asOf,
        JSON.stringify(match.reportIds),
        JSON.stringify(match.publicReportIds),
        ids[n],
      )
    })
    if (identifiers.size === 0) setJobState(db, jobId, 'done', now)
    return jobId
  })
}

function requireJob(core: CoreContext, jobId: number): JobRow {
  const job = jobRow(core.db, jobId)
  if (!job)
    throw new ScreeningInputError(
      `There is no screening job ${jobId} in this folder; \`casefile screen list\` shows them.`,
    )
  return job
}

function viewOf(
  core: CoreContext,
  job: JobRow,
  totals: ScreeningJobView['totals'],
): ScreeningJobView {
  const waiting = waitingOf(core, job.id)
  return {
    job: job.id,
    file: job.file_name,
    state: job.state,
    createdAt: isoTime(job.created_at),
    updatedAt: isoTime(job.updated_at),
    rate: job.rate,
    totals,
    running: isRunning(core, job.id),
    waiting: waiting
      ? { reason: waiting.reason, until: waiting.until === null ? null : isoTime(waiting.until) }
      : null,
  }
}

export function jobView(core: CoreContext, jobId: number): ScreeningJobView {
  const job = requireJob(core, jobId)
  return viewOf(core, job, totalsOf(jobAnswers(core.db, jobId)))
}

export function listJobs(core: CoreContext): ScreeningJobView[] {
  return jobRows(core.db).map((job) => viewOf(core, job, totalsOf(jobAnswers(core.db, job.id))))
}

export function showJob(
  core: CoreContext,
  jobId: number,
  page: { offset?: number; limit?: number } = {},
): ScreeningShowView {
  const job = requireJob(core, jobId)
  const answers = jobAnswers(core.db, jobId)
  const links = hitLinks(answers)
  const offset = page.offset ?? 0
  const limit = page.limit ?? Number.MAX_SAFE_INTEGER
  const now = core.clock.now()
  return {
    ...viewOf(core, job, totalsOf(answers)),
    hits: links.slice(offset, offset + limit).map((link) => hitView(core.db, link, answers, now)),
    unchecked: uncheckedRows(answers),
    problems: jobProblems(job),
    more: links.length > offset + limit,
  }
}

export async function pauseJob(core: CoreContext, jobId: number): Promise<ScreeningJobView> {
  const job = requireJob(core, jobId)
  if (job.state === 'open') setJobState(core.db, jobId, 'paused', core.clock.now())
  await stopRunner(core, jobId)
  return jobView(core, jobId)
}

export async function cancelJob(core: CoreContext, jobId: number): Promise<ScreeningJobView> {
  const job = requireJob(core, jobId)
  if (job.state === 'open' || job.state === 'paused')
    setJobState(core.db, jobId, 'cancelled', core.clock.now())
  await stopRunner(core, jobId)
  return jobView(core, jobId)
}

/** Opens a paused job again (at a new rate if given); `background` runs it here (the app). */
export function reopenJob(
  core: CoreContext,
  jobId: number,
  options: { rate?: number; background?: boolean } = {},
): ScreeningJobView {
  const job = requireJob(core, jobId)
  if (job.state === 'cancelled')
    throw new ScreeningInputError(`Screening job ${jobId} was cancelled: screen the file again.`)
  const now = core.clock.now()
  if (options.rate !== undefined) setJobRate(core.db, jobId, options.rate, now)
  if (job.state === 'paused') setJobState(core.db, jobId, 'open', now)
  const after = requireJob(core, jobId)
  if (options.background && after.state === 'open')
    runInBackground(core, jobId, { rate: after.rate })
  return jobView(core, jobId)
}

/** Searches again what was checked more than `olderThanDays` ago, or never. */
export function rescreenJob(
  core: CoreContext,
  jobId: number,
  olderThanDays: number,
  options: { background?: boolean } = {},
): ScreeningJobView {
  const job = requireJob(core, jobId)
  if (job.state === 'cancelled')
    throw new ScreeningInputError(`Screening job ${jobId} was cancelled: screen the file again.`)
  const now = core.clock.now()
  reopenOlderThan(core.db, jobId, now - olderThanDays * 86_400_000)
  setJobState(core.db, jobId, 'open', now)
  return reopenJob(core, jobId, options)
}

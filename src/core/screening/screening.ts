import {
  DEFAULT_SCREENING_RATE,
  type ScreeningEstimate,
  type ScreeningJobView,
  type ScreeningShowView,
} from '../../shared/contracts/screening'
import type { CoreContext } from '../core-context'
import { notFound } from '../input-error'
import { isoTime } from '../cache/cache'
import {
  ScreeningInputError,
  type ScreeningRefusal,
  ensureBanks,
  previewScreening,
  screeningInputFor,
  type ReadOptions,
  type ScreeningSourceInput,
} from './screening-read'
import { matchCached } from './screening-offline'
import { isBankGuessed } from './screening-outcome'
import { bankLookup } from './screening-normalize'
import { listBanks } from '../banks/banks'
import { forgetSpellingsBefore } from './screening-spellings'
import { hitView, jobAnswers, totalsOf } from './screening-results'
import {
  jobProgress,
  readJobProgress,
  readJobsTotals,
  type JobProgress,
} from './screening-progress'
import { forgetCutOffWrites, writeJobInSlices } from './screening-write'
import { processHolder, prepare, writeTransaction } from '../store/store'
import { isRunning, runInBackground, stopRunner, waitingOf } from './screening-runs'
import {
  deleteJob,
  jobProblems,
  jobRow,
  jobRows,
  reopenOlderThan,
  setJobRate,
  setJobState,
  type JobRow,
} from './screening-store'
import { inputDigest, startingAudit } from './screening-audit'
import { estimateJob } from './screening-estimate'

/*
 * Screening a whole list (issue 28), over the core: read and normalize every value, match them
 * all against this computer's cache at once, and keep a durable job that searches the registry
 * for each distinct identifier once (screening-runner.ts). The window's handlers and the
 * `casefile screen` commands call these.
 */

export { ScreeningInputError, previewScreening, type ScreeningRefusal, type ScreeningSourceInput }

export interface StartOptions extends ReadOptions {
  /** Searches a second, or 'auto': the folder's pace, within the organization's ceiling. */
  rate?: number | 'auto'
  /** Answers of earlier jobs younger than this (ms) are reused, not searched again. */
  fresherThanMs?: number
  /** Match against the cache only: the job waits, paused, for a resume to search online. */
  offline?: boolean
}

/** Reads, normalizes and matches the list against the cache; the job, ready to run. */
export async function startScreening(
  core: CoreContext,
  source: ScreeningSourceInput,
  options: StartOptions = {},
): Promise<number> {
  await ensureBanks(core, options.offline === true)
  const input = await screeningInputFor(core, source, options)
  const pace: 'auto' | 'fixed' = options.rate === 'auto' ? 'auto' : 'fixed'
  const audit = startingAudit(core, await inputDigest(source), {
    pace,
    fresherThanMs: options.fresherThanMs,
  })
  const banks = bankLookup(listBanks(core.db))
  const now = core.clock.now()
  const { db } = core
  forgetCutOffWrites(db, now)
  const job = {
    fileName: source.fileName,
    rate: options.rate === 'auto' ? 0 : (options.rate ?? DEFAULT_SCREENING_RATE),
    pace,
    fresherThanMs: options.fresherThanMs ?? null,
    audit,
    state: options.offline ? ('paused' as const) : ('open' as const),
    input,
    now,
    holder: processHolder(),
  }
  // Rows in slices; the cache's answers and the job's state in the last one (screening-write.ts).
  return writeJobInSlices(db, job, (jobId, identifiers) => {
    const list = [...identifiers.keys()].map((key) => {
      const [label = '', value = ''] = key.split('\u0000')
      return { label, value }
    })
    const matches = matchCached(db, list, (label, value) =>
      isBankGuessed(label, value)
        ? banks.fitting(value).map((slug) => `${value}_${slug}`)
        : [value],
    )
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
  })
}

/** What the job will ask and how long it takes at its pace (before its first search). */
export function estimateScreening(core: CoreContext, jobId: number): ScreeningEstimate {
  const job = requireJob(core, jobId)
  return estimateJob(core, job, totalsOf(jobAnswers(core.db, jobId)).rows)
}

/** Forgets a job (an estimate only, `--estimate`): its rows, identifiers and answers. */
export function discardJob(core: CoreContext, jobId: number): void {
  writeTransaction(core.db, () => deleteJob(core.db, jobId))
}

/** The pace a job runs at: its fixed rate, or 'auto'. */
export function jobRate(job: Pick<JobRow, 'pace' | 'rate'>): number | 'auto' {
  return job.pace === 'auto' ? 'auto' : job.rate
}

function requireJob(core: CoreContext, jobId: number): JobRow {
  const job = jobRow(core.db, jobId)
  if (!job) throw new ScreeningInputError(...notFound('screening_job', jobId))
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
    pace: job.pace,
    totals,
    running: isRunning(core, job.id),
    waiting: waiting
      ? { reason: waiting.reason, until: waiting.until === null ? null : isoTime(waiting.until) }
      : null,
  }
}

export function jobView(core: CoreContext, jobId: number): ScreeningJobView {
  const job = requireJob(core, jobId)
  return viewOf(core, job, jobProgress(core.db, job).totals)
}

export function listJobs(core: CoreContext): ScreeningJobView[] {
  return jobRows(core.db).map((job) => viewOf(core, job, jobProgress(core.db, job).totals))
}

/** listJobs with each job's counts on the core's reading thread (the window's list). */
export async function readListJobs(core: CoreContext): Promise<ScreeningJobView[]> {
  const jobs = jobRows(core.db)
  const totals = await readJobsTotals(core, jobs)
  return jobs.map((job, i) => viewOf(core, job, totals[i]!))
}

/**
 * A job with a page of its hits and of its rows not fully checked (the window asks 500 of each
 * every second while a job runs; the CLI, every one).
 */
export function showJob(
  core: CoreContext,
  jobId: number,
  page: { offset?: number; limit?: number } = {},
): ScreeningShowView {
  const job = requireJob(core, jobId)
  return showOf(core, job, jobProgress(core.db, job, page))
}

/** showJob with its counts on the core's reading thread: what the window polls every second. */
export async function readShowJob(
  core: CoreContext,
  jobId: number,
  page: { offset?: number; limit?: number } = {},
): Promise<ScreeningShowView> {
  const job = requireJob(core, jobId)
  return showOf(core, job, await readJobProgress(core, job, page))
}

function showOf(core: CoreContext, job: JobRow, progress: JobProgress): ScreeningShowView {
  const now = core.clock.now()
  return {
    ...viewOf(core, job, progress.totals),
    hits: progress.hitLinks.map((link) => hitView(core.db, link, progress.answers, now)),
    unchecked: progress.unchecked,
    moreUnchecked: progress.moreUnchecked,
    problems: jobProblems(job),
    more: progress.more,
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
  options: { rate?: number | 'auto'; background?: boolean } = {},
): ScreeningJobView {
  const job = requireJob(core, jobId)
  if (job.state === 'cancelled')
    throw new ScreeningInputError(`Screening job ${jobId} was cancelled: screen the file again.`)
  const now = core.clock.now()
  if (options.rate !== undefined) setJobRate(core.db, jobId, options.rate, now)
  if (job.state === 'paused') setJobState(core.db, jobId, 'open', now)
  const after = requireJob(core, jobId)
  if (options.background && after.state === 'open')
    runInBackground(core, jobId, { rate: jobRate(after) })
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
  const before = now - olderThanDays * 86_400_000
  writeTransaction(core.db, () => {
    reopenOlderThan(core.db, jobId, before)
    forgetSpellingsBefore(core.db, jobId, before)
  })
  setJobState(core.db, jobId, 'open', now)
  return reopenJob(core, jobId, options)
}

// What the rest of the app uses of this folder's other files.
export { jobAnswers } from './screening-results'
export { readScreeningTable, screeningInputOf, screeningInputOfList } from './screening-input'
export type { ScreeningProblem } from './screening-input'
export { suggestMapping } from './screening-columns'
export {
  SPREADSHEET_TEXT_HINT,
  bankLookup,
  readAccount,
  readIdentifierCell,
} from './screening-normalize'
export { screeningHandlers } from './screening-handlers'
export { runJob } from './screening-runner'
export type { RunOutcome } from './screening-runner'
export { exportHits } from './screening-export'
export { exportRecord, recordAboutJson } from './screening-record'
export { aboutPathOf } from './screening-about'
export { GUESSED_BANK } from './screening-outcome'
export { onJobFinished, runOpenJobs } from './screening-runs'

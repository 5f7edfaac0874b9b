import { type Db, prepare, writeTransaction, withoutDiskSync, isHolderAlive } from '../store/store'
import { typedSpelling } from '../../shared/domain/identifiers'
import type { ScreeningProblem } from './screening-input'
import { WHOLE_JOB } from './screening-write'

/*
 * The screening tables (migration 0006), and every write to them. Each change of an
 * identifier's state is one committed UPDATE: `searching` is committed before its request
 * leaves, its answer and `done` in one transaction after, so a job killed at any moment resumes
 * with every answer it had and knows the few it lost.
 */

export type JobState = 'open' | 'paused' | 'cancelled' | 'done'

export interface JobRow {
  id: number
  file_name: string
  state: JobState
  rate: number
  /** fixed: `rate`; auto: the folder's pace (search-pace.ts). Migration 0015. */
  pace: 'fixed' | 'auto'
  /** Earlier answers younger than this are reused (ms); null: none is. */
  fresher_than_ms: number | null
  header_json: string
  problems_json: string
  runner: string | null
  runner_until: number | null
  created_at: number
  updated_at: number
}

export interface IdentifierRow {
  id: number
  label: string
  value: string
  state: 'pending' | 'searching' | 'done' | 'failed'
  /** online: this job searched it; reused: an earlier job's answer, young enough; cache: matched offline. */
  source: 'online' | 'reused' | 'cache' | null
  checked_at: number | null
  report_ids_json: string
  public_report_ids_json: string
  message: string | null
}

/**
 * How the rows wrote one identifier, where that adds a spelling to search (typedSpelling: an
 * email with capitals, searched as written as well as in lower case).
 */
export function typedSpellingsOf(db: Db, identifier: { id: number; label: string }): string[] {
  if (identifier.label !== 'email') return []
  const rows = prepare<[number], { written: string }>(
    db,
    'SELECT DISTINCT written FROM screening_row_identifiers WHERE identifier_id = ?',
  ).all(identifier.id)
  return rows.flatMap((r) => typedSpelling('email', r.written) ?? [])
}

export function jobRow(db: Db, jobId: number): JobRow | undefined {
  return prepare<[number], JobRow>(db, 'SELECT * FROM screening_jobs WHERE id = ?').get(jobId)
}

export function jobRows(db: Db): JobRow[] {
  return prepare<[], JobRow>(
    db,
    `SELECT * FROM screening_jobs WHERE ${WHOLE_JOB} ORDER BY id DESC`,
  ).all()
}

export function jobProblems(job: JobRow): ScreeningProblem[] {
  try {
    return JSON.parse(job.problems_json) as ScreeningProblem[]
  } catch {
    return []
  }
}

/** Deletes a job and everything of it (its rows, identifiers and answers go with it). */
export function deleteJob(db: Db, jobId: number): void {
  prepare(db, 'DELETE FROM screening_jobs WHERE id = ?').run(jobId)
}

export function setJobState(db: Db, jobId: number, state: JobState, now: number): void {
  prepare(db, 'UPDATE screening_jobs SET state = ?, updated_at = ? WHERE id = ?').run(
    state,
    now,
    jobId,
  )
}

/** A new pace from now on: a fixed rate, or 'auto' (the folder's pace). */
export function setJobRate(db: Db, jobId: number, rate: number | 'auto', now: number): void {
  prepare(db, 'UPDATE screening_jobs SET rate = ?, pace = ?, updated_at = ? WHERE id = ?').run(
    rate === 'auto' ? 0 : rate,
    rate === 'auto' ? 'auto' : 'fixed',
    now,
    jobId,
  )
}

/** Jobs with searches left that no person paused or cancelled. */
export function openJobIds(db: Db): number[] {
  return prepare<[], { id: number }>(
    db,
    `SELECT id FROM screening_jobs WHERE state = 'open' AND ${WHOLE_JOB} ORDER BY id`,
  )
    .all()
    .map((row) => row.id)
}

/**
 * Takes the job for this process's runner, unless another live process runs it: the app and a
 * `casefile screen resume` beside it never search the same job at once. Held `ttlMs`, renewed
 * while the runner runs; a runner killed is passed over at once (its process is gone).
 */
export function takeJob(
  db: Db,
  jobId: number,
  holder: string,
  now: number,
  ttlMs: number,
): boolean {
  return writeTransaction(db, () => {
    const job = jobRow(db, jobId)
    if (!job) return false
    const held =
      job.runner !== null &&
      job.runner !== holder &&
      (job.runner_until ?? 0) > now &&
      isHolderAlive(job.runner)
    if (held) return false
    prepare(db, 'UPDATE screening_jobs SET runner = ?, runner_until = ? WHERE id = ?').run(
      holder,
      now + ttlMs,
      jobId,
    )
    return true
  })
}

export function releaseJob(db: Db, jobId: number, holder: string): void {
  prepare(
    db,
    'UPDATE screening_jobs SET runner = NULL, runner_until = NULL WHERE id = ? AND runner = ?',
  ).run(jobId, holder)
}

/** After a kill: what was `searching` lost its answer (if one came) and is asked again. */
export function recoverSearching(db: Db, jobId: number): number {
  return prepare(
    db,
    "UPDATE screening_identifiers SET state = 'pending' WHERE job_id = ? AND state = 'searching'",
  ).run(jobId).changes
}

/** The next identifier to search, marked `searching` (committed before anything is sent). */
export function claimNext(db: Db, jobId: number): IdentifierRow | undefined {
  // A claim a power cut loses is recovered at the next run (recoverSearching): no disk sync.
  return withoutDiskSync(db, () =>
    prepare<[number], IdentifierRow>(
      db,
      `UPDATE screening_identifiers SET state = 'searching'
       WHERE id = (SELECT id FROM screening_identifiers WHERE job_id = ? AND state = 'pending'
                   ORDER BY id LIMIT 1)
       RETURNING *`,
    ).get(jobId),
  )
}

/** The identifier's answer: searched now (`online`, as of `checkedAt`) or reused (as of its answer). */
export function markAnswered(
  db: Db,
  id: number,
  answer: { reportIds: string[]; publicReportIds: string[] },
  checkedAt: number,
  source: 'online' | 'reused' = 'online',
): void {
  // The registry's answer (or one reused): asked again if a power cut loses it, so no disk sync.
  withoutDiskSync(db, () =>
    prepare(
      db,
      `UPDATE screening_identifiers SET state = 'done', source = ?, checked_at = ?,
         report_ids_json = ?, public_report_ids_json = ?, message = NULL WHERE id = ?`,
    ).run(
      source,
      checkedAt,
      JSON.stringify(answer.reportIds),
      JSON.stringify(answer.publicReportIds),
      id,
    ),
  )
}

export function markPending(db: Db, id: number): void {
  withoutDiskSync(db, () =>
    prepare(db, "UPDATE screening_identifiers SET state = 'pending' WHERE id = ?").run(id),
  )
}

export function markFailed(db: Db, id: number, message: string): void {
  prepare(db, "UPDATE screening_identifiers SET state = 'failed', message = ? WHERE id = ?").run(
    message,
    id,
  )
}

export function countByState(db: Db, jobId: number): Record<IdentifierRow['state'], number> {
  const counts = { pending: 0, searching: 0, done: 0, failed: 0 }
  for (const row of prepare<[number], { state: IdentifierRow['state']; n: number }>(
    db,
    'SELECT state, count(*) AS n FROM screening_identifiers WHERE job_id = ? GROUP BY state',
  ).all(jobId))
    counts[row.state] = row.n
  return counts
}

/** Back to `pending` the identifiers last checked before `before` or never (a re-screen). */
export function reopenOlderThan(db: Db, jobId: number, before: number): number {
  return prepare(
    db,
    `UPDATE screening_identifiers SET state = 'pending'
     WHERE job_id = ? AND state IN ('done', 'failed') AND (checked_at IS NULL OR checked_at < ?)`,
  ).run(jobId, before).changes
}

import { performance } from 'node:perf_hooks'
import { type Db, prepare, withoutDiskSync, writeTransaction, isHolderAlive } from '../store/store'
import { yieldToLoop } from '../cache/cache'
import type { ScreeningInput } from './screening-input'
import type { JobRow, JobState } from './screening-store'

/*
 * A new job written in slices. A 10,000-row list is 50,000 rows of the job's tables: in one
 * transaction, 200 to 500 ms of the core's loop. So the job is written first, marked as being
 * written by this process (its runner `writing:<holder>`), its rows in transactions of at most
 * SLICE_MS with the loop given back between them, and only the last transaction gives it its
 * state and clears the mark. Until then no list shows it and no runner takes it; a write cut
 * off (the process killed) leaves a marked job whose process is gone, forgotten at the next
 * start: the list was never read in whole, and the person's file is still theirs to start again.
 */

const WRITING = 'writing:'
/** How long one slice of a job's rows may hold the loop before it commits. */
const SLICE_MS = 10
/** A mark older than this is a write that died, whatever its process (another computer's). */
const WRITING_LIMIT_MS = 60 * 60_000

/** The SQL condition of a job that is whole (not being written): what lists and runners see. */
export const WHOLE_JOB = `(runner IS NULL OR runner NOT LIKE '${WRITING}%')`

export interface NewJob {
  fileName: string
  rate: number
  pace: JobRow['pace']
  fresherThanMs: number | null
  audit: unknown
  input: ScreeningInput
  now: number
}

/** Forgets jobs whose writing was cut off: their process is gone, or it is far too old. */
export function forgetCutOffWrites(db: Db, now: number): number {
  const marked = prepare<[], { id: number; runner: string; runner_until: number | null }>(
    db,
    `SELECT id, runner, runner_until FROM screening_jobs WHERE runner LIKE '${WRITING}%'`,
  ).all()
  const dead = marked.filter(
    (job) => (job.runner_until ?? 0) < now || !isHolderAlive(job.runner.slice(WRITING.length)),
  )
  if (dead.length === 0) return 0
  writeTransaction(db, () => {
    for (const job of dead)
      prepare(db, 'DELETE FROM screening_jobs WHERE id = ? AND runner = ?').run(job.id, job.runner)
  })
  return dead.length
}

/**
 * Writes the job's rows, each distinct identifier once, and which rows hold which, in slices;
 * `finish` runs in the last transaction (the cache's answers), which gives the job its state.
 */
export async function writeJobInSlices(
  db: Db,
  job: NewJob & { holder: string; state: JobState },
  finish: (jobId: number, identifiers: Map<string, number>) => void,
): Promise<number> {
  const jobId = writeTransaction(db, () =>
    Number(
      prepare(
        db,
        `INSERT INTO screening_jobs (file_name, state, rate, pace, fresher_than_ms, audit_json,
         header_json, problems_json, runner, runner_until, created_at, updated_at)
       VALUES (?, 'paused', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        job.fileName,
        job.rate,
        job.pace,
        job.fresherThanMs,
        JSON.stringify(job.audit),
        JSON.stringify(job.input.header),
        JSON.stringify(job.input.problems),
        `${WRITING}${job.holder}`,
        job.now + WRITING_LIMIT_MS,
        job.now,
        job.now,
      ).lastInsertRowid,
    ),
  )
  const insertRow = 'INSERT INTO screening_rows (job_id, row_number, cells_json) VALUES (?, ?, ?)'
  const insertIdentifier = `INSERT INTO screening_identifiers (job_id, label, value, state)
    VALUES (?, ?, ?, 'pending')`
  const link = `INSERT INTO screening_row_identifiers (job_id, row_number, identifier_id, column_name, written)
    VALUES (?, ?, ?, ?, ?)`
  const identifiers = new Map<string, number>()
  const rows = job.input.rows
  let from = 0
  while (from < rows.length) {
    await yieldToLoop()
    const started = performance.now()
    // Each slice stands only with the last one: a power cut before it leaves a marked job that
    // is forgotten, so the slices need no disk sync of their own.
    withoutDiskSync(db, () =>
      writeTransaction(db, () => {
        do {
          const row = rows[from++]!
          prepare(db, insertRow).run(jobId, row.rowNumber, JSON.stringify(row.cells))
          for (const value of row.values) {
            const key = `${value.label}\u0000${value.value}`
            let id = identifiers.get(key)
            if (id === undefined) {
              id = Number(
                prepare(db, insertIdentifier).run(jobId, value.label, value.value).lastInsertRowid,
              )
              identifiers.set(key, id)
            }
            prepare(db, link).run(jobId, row.rowNumber, id, value.column, value.written)
          }
        } while (from < rows.length && performance.now() - started < SLICE_MS)
      }),
    )
  }
  await yieldToLoop()
  writeTransaction(db, () => {
    prepare(
      db,
      `UPDATE screening_jobs SET state = ?, runner = NULL, runner_until = NULL WHERE id = ?`,
    ).run(job.state, jobId)
    finish(jobId, identifiers)
  })
  return jobId
}

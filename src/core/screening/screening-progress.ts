import type { ScreeningShowView } from '../../shared/contracts/screening'
import { type Db, prepare, type Reader, readTransaction } from '../store/store'
import type { IdentifierRow, JobRow } from './screening-store'
import {
  OUTCOME_WORDS,
  notFullyChecked,
  noOutcomes,
  rowOutcome,
  type IdentifierStanding,
} from './screening-outcome'
import { ids, rowAnswer, unreadByRow, type JobAnswers, type RowLink } from './screening-results'

/*
 * A job's progress as the window polls it (every second while it is open): its totals counted
 * in SQL, one small row per input row, and only the page of hits and of rows not fully checked
 * that the window shows, with the identifiers those need. Reading every identifier, link and
 * answer of a 10,000-row job to draw them (jobAnswers, which the saved record still uses) took
 * 300 ms to a second of the core's loop at each poll, and sent 2.4 MB.
 */

/** An identifier's answer holds a report: its JSON list of ids is not empty (or not a list). */
const HIT = `(CASE WHEN json_valid(i.report_ids_json) THEN json_array_length(i.report_ids_json) ELSE 0 END
  + CASE WHEN json_valid(i.public_report_ids_json) THEN json_array_length(i.public_report_ids_json) ELSE 0 END) > 0`
/** identifierStanding's 'unchecked', for an identifier without a hit. */
const UNCHECKED = `(i.state = 'failed' OR i.checked_at IS NULL)`

/** Per input row: its identifiers, and how many stand as a hit and as unchecked. */
const ROW_STANDINGS_SQL = `
  SELECT r.row_number AS row, count(i.id) AS links,
    coalesce(sum(${HIT}), 0) AS hits,
    coalesce(sum(i.id IS NOT NULL AND NOT ${HIT} AND ${UNCHECKED}), 0) AS unchecked
  FROM screening_rows r
  LEFT JOIN screening_row_identifiers l ON l.job_id = r.job_id AND l.row_number = r.row_number
  LEFT JOIN screening_identifiers i ON i.id = l.identifier_id
  WHERE r.job_id = ?
  GROUP BY r.row_number ORDER BY r.row_number`

const IDENTIFIER_COUNTS_SQL = `
  SELECT count(*) AS identifiers, coalesce(sum(source = 'online'), 0) AS searched
  FROM screening_identifiers WHERE job_id = ?`

const HIT_LINKS_SQL = `
  SELECT l.row_number AS row, l.identifier_id AS identifierId, l.column_name AS column, l.written
  FROM screening_row_identifiers l JOIN screening_identifiers i ON i.id = l.identifier_id
  WHERE l.job_id = ? AND ${HIT}
  ORDER BY l.row_number, l.rowid LIMIT ? OFFSET ?`

const ROW_LINKS_SQL = `
  SELECT row_number AS row, identifier_id AS identifierId, column_name AS column, written
  FROM screening_row_identifiers
  WHERE job_id = ? AND row_number IN (SELECT value FROM json_each(?))
  ORDER BY row_number, rowid`

const IDENTIFIERS_SQL = `
  SELECT * FROM screening_identifiers WHERE id IN (SELECT value FROM json_each(?))`

interface RowStanding {
  row: number
  links: number
  hits: number
  unchecked: number
}

function outcomeOf(row: RowStanding, unread: number) {
  const standings: IdentifierStanding[] = [
    ...Array<IdentifierStanding>(row.hits).fill('hit'),
    ...Array<IdentifierStanding>(row.unchecked).fill('unchecked'),
    ...Array<IdentifierStanding>(row.links - row.hits - row.unchecked).fill('clean'),
  ]
  return rowOutcome(standings, unread)
}

/** The answers of the given identifiers and rows only: what a page of the view needs. */
function pageAnswers(db: Db, jobId: number, rows: number[], extraIdentifiers: number[]) {
  const links = prepare<[number, string], RowLink>(db, ROW_LINKS_SQL).all(
    jobId,
    JSON.stringify(rows),
  )
  const identifierIds = [...new Set([...links.map((l) => l.identifierId), ...extraIdentifiers])]
  const identifiers: JobAnswers['identifiers'] = new Map()
  for (const row of prepare<[string], IdentifierRow>(db, IDENTIFIERS_SQL).all(
    JSON.stringify(identifierIds),
  ))
    identifiers.set(row.id, {
      ...row,
      reportIds: ids(row.report_ids_json),
      publicReportIds: ids(row.public_report_ids_json),
    })
  const byRow: JobAnswers['rows'] = new Map(rows.map((row) => [row, []]))
  for (const link of links) byRow.get(link.row)?.push(link)
  return { identifiers, rows: byRow }
}

export interface JobProgress {
  totals: ScreeningShowView['totals']
  /** The page of (row, identifier) hits asked for, in row order; `more` when there are others. */
  hitLinks: RowLink[]
  more: boolean
  /** The first rows not fully checked, with why; `moreUnchecked` when there are others. */
  unchecked: ScreeningShowView['unchecked']
  moreUnchecked: boolean
  /** The answers of the identifiers the pages name (for hitView). */
  answers: JobAnswers
}

type Page = { offset?: number; limit?: number }
interface Counted {
  rows: RowStanding[]
  identifiers: { identifiers: number; searched: number } | undefined
}

/** A job's totals, and (with a page) its hits and rows not fully checked, counted in SQL. */
export function jobProgress(db: Db, job: JobRow, page: Page = { limit: 0 }): JobProgress {
  const [rows, identifiers] = readTransaction(db, () => [
    prepare<[number], RowStanding>(db, ROW_STANDINGS_SQL).all(job.id),
    prepare<[number], Counted['identifiers']>(db, IDENTIFIER_COUNTS_SQL).get(job.id),
  ])
  return progressOf(db, job, page, { rows, identifiers } as Counted)
}

/**
 * jobProgress with its counts (a pass over every row of the job: 50 ms and more for 10,000
 * rows on a busy laptop) on the core's reading thread: the window asks it every second while
 * a job runs. The pages it shows are read here, by their indexes.
 */
export async function readJobProgress(
  core: { db: Db; reader: Reader },
  job: JobRow,
  page: Page = { limit: 0 },
): Promise<JobProgress> {
  const [rows, identifiers] = await core.reader.read([
    { sql: ROW_STANDINGS_SQL, params: [job.id] },
    { sql: IDENTIFIER_COUNTS_SQL, params: [job.id], get: true },
  ])
  return progressOf(core.db, job, page, { rows, identifiers } as Counted)
}

/**
 * Several jobs' totals (the window's list of jobs, asked as Screening opens) in one read of
 * the reading thread: one message and one snapshot for all of them, where each job's was a
 * read of its own, queued behind the others' and the running job's polls.
 */
export async function readJobsTotals(
  core: { db: Db; reader: Reader },
  jobs: readonly JobRow[],
): Promise<JobProgress['totals'][]> {
  if (jobs.length === 0) return []
  const results = await core.reader.read(
    jobs.flatMap((job) => [
      { sql: ROW_STANDINGS_SQL, params: [job.id] },
      { sql: IDENTIFIER_COUNTS_SQL, params: [job.id], get: true },
    ]),
  )
  return jobs.map(
    (job, i) =>
      progressOf(core.db, job, { limit: 0 }, {
        rows: results[2 * i],
        identifiers: results[2 * i + 1],
      } as Counted).totals,
  )
}

function progressOf(db: Db, job: JobRow, page: Page, counted: Counted): JobProgress {
  const unread = unreadByRow(job)
  const { rows } = counted
  const counts = noOutcomes()
  const limit = page.limit ?? Number.MAX_SAFE_INTEGER
  const uncheckedRows: { row: number; outcome: 'partly' | 'unchecked' | 'unread' }[] = []
  let moreUnchecked = false
  for (const row of rows) {
    const outcome = outcomeOf(row, unread.get(row.row) ?? 0)
    counts[outcome]++
    if (outcome === 'hit' || outcome === 'clean') continue
    if (uncheckedRows.length < limit) uncheckedRows.push({ row: row.row, outcome })
    else moreUnchecked = true
  }
  const identifierCounts = counted.identifiers ?? { identifiers: 0, searched: 0 }
  const offset = page.offset ?? 0
  const hitPage =
    limit === 0
      ? []
      : prepare<[number, number, number], RowLink>(db, HIT_LINKS_SQL).all(
          job.id,
          Math.min(limit, Number.MAX_SAFE_INTEGER - 1) + 1,
          offset,
        )
  const more = hitPage.length > limit
  const hitLinks = hitPage.slice(0, limit)
  const page_ = pageAnswers(
    db,
    job.id,
    uncheckedRows.map((u) => u.row),
    hitLinks.map((l) => l.identifierId),
  )
  const answers: JobAnswers = { ...page_, rowCount: rows.length, unread }
  return {
    totals: {
      rows: rows.length,
      identifiers: identifierCounts.identifiers,
      searched: identifierCounts.searched,
      hits: counts.hit,
      unchecked: notFullyChecked(counts),
      clean: counts.clean,
      partly: counts.partly,
      notChecked: counts.unchecked,
      unread: counts.unread,
    },
    hitLinks,
    more,
    // The outcome as counted; the why from the answers read now. While a job runs the two reads
    // are apart (the counts on the reading thread), and a row may be answered in between: it
    // keeps the outcome it was counted with, never a hit or clean one in this list.
    unchecked: uncheckedRows.map(({ row, outcome }) => {
      const now = rowAnswer(row, answers.rows.get(row) ?? [], answers)
      return { row, outcome, reason: now.reason ?? `${OUTCOME_WORDS[outcome]}.` }
    }),
    moreUnchecked,
    answers,
  }
}

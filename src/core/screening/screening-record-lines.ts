import type { CoreContext } from '../core-context'
import { prepare } from '../store/store'
import { idList } from '../cache/cache'
import type { ScreeningProblem } from './screening-input'
import type { IdentifierRow } from './screening-store'
import { spellingGroupsOf } from './screening-spellings'
import {
  GUESSED_BANK,
  OUTCOME_WORDS,
  identifierStanding,
  isBankGuessed,
  rowOutcome,
  type IdentifierStanding,
  type RowOutcome,
} from './screening-outcome'

/*
 * The lines of the screening record (screening-record.ts): each input row of a job with what
 * became of each identifier read from it and of each cell that could not be read, in the order
 * and by the rules the job's totals use (screening-results.ts), read a page of rows at a time.
 */

const PAGE = 500

export const RECORD_OUTCOMES = OUTCOME_WORDS

interface LinkRow {
  id: number
  row: number
  column: string
  written: string
  label: string
  value: string
  state: IdentifierRow['state']
  source: IdentifierRow['source']
  checkedAt: number | null
  reportIds: string
  publicReportIds: string
  message: string | null
}

/** One identifier of a row, or one cell of it that could not be read. */
export interface Slot {
  column: string
  type: string
  value: string
  outcome: string
  reports: number | null
  publicReports: number | null
  reportIds: string
  publicReportIds: string
  asOf: string | null
  /** searched now (by this job), reused (an earlier job's answer, young enough), or a local copy. */
  answer: string
  checkedAgainst: string
  /** The values sent to the registry for it, each spelling (or bank guessed) once. */
  spellings: string
}

export interface RecordLine {
  row: number
  cells: string[]
  outcome: string
  kind: RowOutcome
  asOf: string | null
  slots: Slot[]
}

const NOT_SEARCHED =
  'not searched on the registry yet (it waits for a connection, or the job was paused).'

function identifierSlot(
  link: LinkRow,
  time: (ms: number) => string,
  spellings: (link: LinkRow) => string,
): Slot & { standing: IdentifierStanding } {
  const reports = idList(link.reportIds)
  const publics = idList(link.publicReportIds)
  const standing = identifierStanding({
    state: link.state,
    checkedAt: link.checkedAt,
    hits: reports.length + publics.length,
  })
  const guessed = isBankGuessed(link.label, link.value) ? ` (${GUESSED_BANK})` : ''
  const outcome =
    standing === 'hit'
      ? `${RECORD_OUTCOMES.hit}${guessed}`
      : standing === 'clean'
        ? `${RECORD_OUTCOMES.clean}${guessed}`
        : `${RECORD_OUTCOMES.unchecked}: ${link.state === 'failed' ? (link.message ?? 'the registry could not search it.') : NOT_SEARCHED}`
  const checked = standing !== 'unchecked'
  return {
    standing,
    column: link.column,
    type: link.label,
    value: link.value,
    outcome,
    reports: checked ? reports.length : null,
    publicReports: checked ? publics.length : null,
    reportIds: reports.join('; '),
    publicReportIds: publics.join('; '),
    asOf: checked && link.checkedAt !== null ? time(link.checkedAt) : null,
    answer: !checked ? '' : (ANSWER_WORDS[link.source ?? 'cache'] ?? ''),
    checkedAgainst: !checked
      ? ''
      : link.source === 'online'
        ? 'registry search'
        : link.source === 'reused'
          ? "an earlier screening's registry search"
          : "this computer's copies of earlier searches and reports",
    spellings: spellings(link),
  }
}

const ANSWER_WORDS: Record<string, string> = {
  online: 'searched now',
  reused: 'reused',
  cache: "this computer's copy",
}

function unreadSlot(problem: ScreeningProblem): Slot {
  return {
    column: problem.cell ? `${problem.column} (${problem.cell})` : problem.column,
    type: '',
    value: problem.value,
    outcome: `${RECORD_OUTCOMES.unread}: ${problem.message}`,
    reports: null,
    publicReports: null,
    reportIds: '',
    publicReportIds: '',
    asOf: null,
    answer: '',
    checkedAgainst: '',
    spellings: '',
  }
}

const cellsWord = (n: number) => (n === 1 ? '1 cell' : `${n} cells`)

/** The row's outcome, by the rule the job's totals use (rowOutcome), with why in words. */
function lineOf(
  row: number,
  cells: string[],
  links: LinkRow[],
  problems: ScreeningProblem[],
  time: (ms: number) => string,
  spellings: (link: LinkRow) => string,
): RecordLine {
  const identifiers = links.map((link) => identifierSlot(link, time, spellings))
  const slots: Slot[] = [
    ...identifiers.map(({ standing: _standing, ...slot }) => slot),
    ...problems.map(unreadSlot),
  ]
  const times = links.flatMap((link) => (link.checkedAt === null ? [] : [link.checkedAt]))
  const asOf = times.length > 0 ? time(Math.min(...times)) : null
  const kind = rowOutcome(
    identifiers.map((slot) => slot.standing),
    problems.length,
  )
  const base = { row, cells, slots, kind, asOf: kind === 'unread' ? null : asOf }
  const unreadWhy = problems.map((p) => `${p.cell ?? p.column}: ${p.message}`)
  const uncheckedWhy = identifiers
    .filter((slot) => slot.standing === 'unchecked')
    .map((slot) => `${slot.column}: ${slot.outcome.slice(RECORD_OUTCOMES.unchecked.length + 2)}`)
  switch (kind) {
    case 'hit':
    case 'clean':
      return { ...base, outcome: RECORD_OUTCOMES[kind] }
    case 'unread': {
      const why =
        unreadWhy.length > 0 ? unreadWhy.join(' ') : "the row's identifier columns are empty."
      return { ...base, outcome: `${RECORD_OUTCOMES.unread}: ${why}` }
    }
    case 'unchecked':
      return { ...base, outcome: `${RECORD_OUTCOMES.unchecked}: ${uncheckedWhy.join(' ')}` }
    case 'partly': {
      const unread = problems.length > 0 ? [`${cellsWord(problems.length)} could not be read`] : []
      return {
        ...base,
        outcome: `${RECORD_OUTCOMES.partly}: ${[...uncheckedWhy, ...unread].join('; ')}`,
      }
    }
  }
}

const LINKS_SQL = `SELECT i.id AS id, l.row_number AS row, l.column_name AS column, l.written AS written,
    i.label AS label, i.value AS value, i.state AS state, i.source AS source,
    i.checked_at AS checkedAt, i.report_ids_json AS reportIds,
    i.public_report_ids_json AS publicReportIds, i.message AS message
  FROM screening_row_identifiers l JOIN screening_identifiers i ON i.id = l.identifier_id
  WHERE l.job_id = ? AND l.row_number BETWEEN ? AND ? ORDER BY l.row_number, l.rowid`

/** Every row of the job in order, a page of rows (and their identifiers) read at a time. */
export function* recordLines(
  core: CoreContext,
  jobId: number,
  problems: ReadonlyMap<number, ScreeningProblem[]>,
  time: (ms: number) => string,
): Generator<RecordLine> {
  const page = prepare<[number, number, number], { row: number; cells: string }>(
    core.db,
    `SELECT row_number AS row, cells_json AS cells FROM screening_rows
     WHERE job_id = ? AND row_number > ? ORDER BY row_number LIMIT ?`,
  )
  const linksOf = prepare<[number, number, number], LinkRow>(core.db, LINKS_SQL)
  const spellings = (link: LinkRow) => {
    const groups = spellingGroupsOf(core.db, link)
    return typeof groups === 'string' ? '' : groups.flatMap((g) => g.values).join('; ')
  }
  let after = Number.MIN_SAFE_INTEGER
  for (;;) {
    const rows = page.all(jobId, after, PAGE)
    if (rows.length === 0) return
    const first = (rows[0] as { row: number }).row
    after = (rows.at(-1) as { row: number }).row
    const byRow = new Map<number, LinkRow[]>()
    for (const link of linksOf.all(jobId, first, after)) {
      const list = byRow.get(link.row)
      if (list) list.push(link)
      else byRow.set(link.row, [link])
    }
    for (const { row, cells } of rows) {
      let parsed: string[] = []
      try {
        parsed = JSON.parse(cells) as string[]
      } catch {
        parsed = []
      }
      yield lineOf(row, parsed, byRow.get(row) ?? [], problems.get(row) ?? [], time, spellings)
    }
  }
}

/** The most identifiers and unreadable cells any one row has: the record's groups of columns. */
export function widestRow(
  core: CoreContext,
  jobId: number,
  problems: readonly ScreeningProblem[],
): number {
  const found = prepare<[number, string], { n: number | null }>(
    core.db,
    `SELECT max(n) AS n FROM (
       SELECT count(*) AS n FROM (
         SELECT row_number AS row FROM screening_row_identifiers WHERE job_id = ?
         UNION ALL SELECT value AS row FROM json_each(?))
       GROUP BY row)`,
  ).get(jobId, JSON.stringify(problems.map((p) => p.row)))
  return Math.max(1, found?.n ?? 0)
}

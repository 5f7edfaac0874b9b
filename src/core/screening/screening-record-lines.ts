import type { CoreContext } from '../core-context'
import { prepare } from '../store/prepare'
import type { ScreeningProblem } from './screening-input'
import type { IdentifierRow } from './screening-store'

/*
 * The lines of the screening record (screening-record.ts): each input row of a job with what
 * became of each identifier read from it and of each cell that could not be read, in the order
 * and by the rules the job's totals use (screening-results.ts), read a page of rows at a time.
 */

const PAGE = 500

export const RECORD_OUTCOMES = {
  hit: 'Reports on file',
  clean: 'No report on file',
  unchecked: 'Could not check',
  unread: 'Could not read',
} as const

interface LinkRow {
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
  checkedAgainst: string
}

export interface RecordLine {
  row: number
  cells: string[]
  outcome: string
  kind: keyof typeof RECORD_OUTCOMES
  asOf: string | null
  slots: Slot[]
}

const idList = (json: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

const NOT_SEARCHED =
  'not searched on the registry yet (it waits for a connection, or the job was paused).'

function identifierSlot(link: LinkRow, time: (ms: number) => string): Slot {
  const reports = idList(link.reportIds)
  const publics = idList(link.publicReportIds)
  const hit = reports.length + publics.length > 0
  // In the order the job's totals take them (screening-results.ts): a hit, then a failure,
  // then never checked, else checked with nothing on file.
  const outcome = hit
    ? RECORD_OUTCOMES.hit
    : link.state === 'failed'
      ? `${RECORD_OUTCOMES.unchecked}: ${link.message ?? 'the registry could not search it.'}`
      : link.checkedAt === null
        ? `${RECORD_OUTCOMES.unchecked}: ${NOT_SEARCHED}`
        : RECORD_OUTCOMES.clean
  const checked = link.checkedAt !== null && (hit || link.state !== 'failed')
  return {
    column: link.column,
    type: link.label,
    value: link.value,
    outcome,
    reports: checked ? reports.length : null,
    publicReports: checked ? publics.length : null,
    reportIds: reports.join('; '),
    publicReportIds: publics.join('; '),
    asOf: checked && link.checkedAt !== null ? time(link.checkedAt) : null,
    checkedAgainst: !checked
      ? ''
      : link.source === 'online'
        ? 'registry search'
        : "this computer's copies of earlier searches and reports",
  }
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
    checkedAgainst: '',
  }
}

const cellsWord = (n: number) => (n === 1 ? '1 cell' : `${n} cells`)

/** The row's outcome, as the job's totals count it: a hit, else could not check, else none. */
function lineOf(
  row: number,
  cells: string[],
  links: LinkRow[],
  problems: ScreeningProblem[],
  time: (ms: number) => string,
): RecordLine {
  const identifiers = links.map((link) => identifierSlot(link, time))
  const slots = [...identifiers, ...problems.map(unreadSlot)]
  const times = links.flatMap((link) => (link.checkedAt === null ? [] : [link.checkedAt]))
  const asOf = times.length > 0 ? time(Math.min(...times)) : null
  const base = { row, cells, slots }
  if (identifiers.some((slot) => slot.outcome === RECORD_OUTCOMES.hit))
    return { ...base, kind: 'hit', outcome: RECORD_OUTCOMES.hit, asOf }
  if (identifiers.length === 0) {
    const why =
      problems.length > 0
        ? problems.map((p) => `${p.cell ?? p.column}: ${p.message}`).join(' ')
        : "the row's identifier columns are empty."
    return { ...base, kind: 'unread', outcome: `${RECORD_OUTCOMES.unread}: ${why}`, asOf: null }
  }
  const unchecked = identifiers.findIndex((slot) =>
    slot.outcome.startsWith(RECORD_OUTCOMES.unchecked),
  )
  if (unchecked >= 0) {
    const slot = identifiers[unchecked] as Slot
    const why = slot.outcome.slice(RECORD_OUTCOMES.unchecked.length + 2)
    return {
      ...base,
      kind: 'unchecked',
      outcome: `${RECORD_OUTCOMES.unchecked}: ${slot.column}: ${why}`,
      asOf,
    }
  }
  const unread = problems.length > 0 ? `; ${cellsWord(problems.length)} could not be read` : ''
  return { ...base, kind: 'clean', outcome: `${RECORD_OUTCOMES.clean}${unread}`, asOf }
}

const LINKS_SQL = `SELECT l.row_number AS row, l.column_name AS column, l.written AS written,
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
      yield lineOf(row, parsed, byRow.get(row) ?? [], problems.get(row) ?? [], time)
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

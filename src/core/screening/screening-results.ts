import type { ScreeningHitView, ScreeningShowView } from '../../shared/contracts/screening'
import { type Db, prepare } from '../store/store'
import {
  CACHED_REPORT_COLUMNS,
  toCachedReport,
  type CachedReport,
  type CachedReportRow,
  isoTime,
} from '../cache/cache'
import { jobProblems, jobRow, type IdentifierRow, type JobRow } from './screening-store'
import {
  OUTCOME_WORDS,
  identifierStanding,
  isBankGuessed,
  noOutcomes,
  notFullyChecked,
  rowOutcome,
  type RowOutcome,
} from './screening-outcome'

/*
 * A job's answers per input row, each row's outcome by rowOutcome (screening-outcome.ts): an
 * identifier counts as checked when it was searched online by the job or a stored search of the
 * cache answered it, as of its time. Read from the job's tables and the cache's copies of the
 * matching records (kept there by the searches).
 */

export interface RowLink {
  row: number
  identifierId: number
  column: string
  written: string
}

export interface JobAnswers {
  identifiers: Map<number, IdentifierRow & { reportIds: string[]; publicReportIds: string[] }>
  /** Links by input row, in row order. */
  rows: Map<number, RowLink[]>
  rowCount: number
  /** Cells that could not be read, by input row. */
  unread: Map<number, number>
}

/** A JSON list of report ids as stored; empty when it is not one. */
export const ids = (json: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(json)
    return Array.isArray(parsed) ? (parsed as string[]) : []
  } catch {
    return []
  }
}

export function jobAnswers(db: Db, jobId: number): JobAnswers {
  const identifiers: JobAnswers['identifiers'] = new Map()
  for (const row of prepare<[number], IdentifierRow>(
    db,
    'SELECT * FROM screening_identifiers WHERE job_id = ?',
  ).all(jobId))
    identifiers.set(row.id, {
      ...row,
      reportIds: ids(row.report_ids_json),
      publicReportIds: ids(row.public_report_ids_json),
    })
  const rows: JobAnswers['rows'] = new Map()
  for (const row of prepare<[number], { row_number: number; cells_json: string }>(
    db,
    'SELECT row_number FROM screening_rows WHERE job_id = ? ORDER BY row_number',
  ).all(jobId))
    rows.set(row.row_number, [])
  for (const link of prepare<
    [number],
    { row: number; identifierId: number; column: string; written: string }
  >(
    db,
    `SELECT row_number AS row, identifier_id AS identifierId, column_name AS column, written
     FROM screening_row_identifiers WHERE job_id = ? ORDER BY row_number, rowid`,
  ).all(jobId))
    rows.get(link.row)?.push(link)
  const job = jobRow(db, jobId)
  return { identifiers, rows, rowCount: rows.size, unread: job ? unreadByRow(job) : new Map() }
}

/** How many cells of each input row could not be read (the job's problems). */
export function unreadByRow(job: JobRow): Map<number, number> {
  const unread = new Map<number, number>()
  for (const problem of jobProblems(job))
    unread.set(problem.row, (unread.get(problem.row) ?? 0) + 1)
  return unread
}

const isHit = (i: { reportIds: string[]; publicReportIds: string[] }) =>
  i.reportIds.length > 0 || i.publicReportIds.length > 0

const NOT_SEARCHED =
  'not searched on the registry yet (it waits for a connection, or the job was paused).'

/** One row's outcome, and why when it was not fully checked. */
export function rowAnswer(
  row: number,
  links: readonly RowLink[],
  answers: JobAnswers,
): { outcome: RowOutcome; reason: string | null } {
  const unreadCells = answers.unread.get(row) ?? 0
  const reasons: string[] = []
  const standings = links.flatMap((link) => {
    const identifier = answers.identifiers.get(link.identifierId)
    if (!identifier) return []
    const standing = identifierStanding({
      state: identifier.state,
      checkedAt: identifier.checked_at,
      hits: identifier.reportIds.length + identifier.publicReportIds.length,
    })
    if (standing === 'unchecked')
      reasons.push(
        `${link.column}: ${identifier.state === 'failed' ? (identifier.message ?? 'the registry could not search it.') : NOT_SEARCHED}`,
      )
    return [standing]
  })
  const outcome = rowOutcome(standings, unreadCells)
  if (outcome === 'hit' || outcome === 'clean') return { outcome, reason: null }
  if (unreadCells > 0)
    reasons.push(
      `${unreadCells === 1 ? '1 cell' : `${unreadCells} cells`} could not be read: see the problems.`,
    )
  if (outcome === 'unread' && unreadCells === 0)
    reasons.push("The row's identifier columns are empty.")
  return { outcome, reason: `${OUTCOME_WORDS[outcome]}. ${reasons.join(' ')}` }
}

export function totalsOf(answers: JobAnswers): ScreeningShowView['totals'] {
  const counts = noOutcomes()
  for (const [row, links] of answers.rows) counts[rowAnswer(row, links, answers).outcome]++
  let searched = 0
  for (const identifier of answers.identifiers.values())
    if (identifier.source === 'online') searched++
  return {
    rows: answers.rowCount,
    identifiers: answers.identifiers.size,
    searched,
    hits: counts.hit,
    unchecked: notFullyChecked(counts),
    clean: counts.clean,
    partly: counts.partly,
    notChecked: counts.unchecked,
    unread: counts.unread,
  }
}

/** The rows without a hit that were not fully checked, each with its outcome and why. */
export function uncheckedRows(
  answers: JobAnswers,
): { row: number; outcome: 'partly' | 'unchecked' | 'unread'; reason: string }[] {
  const list: { row: number; outcome: 'partly' | 'unchecked' | 'unread'; reason: string }[] = []
  for (const [row, links] of answers.rows) {
    const { outcome, reason } = rowAnswer(row, links, answers)
    if (outcome !== 'hit' && outcome !== 'clean') list.push({ row, outcome, reason: reason ?? '' })
  }
  return list
}

/** Every (row, identifier) with a hit, in row order: the records are read for a page of them. */
export function hitLinks(answers: JobAnswers): RowLink[] {
  const list: RowLink[] = []
  for (const links of answers.rows.values())
    for (const link of links) {
      const identifier = answers.identifiers.get(link.identifierId)
      if (identifier && isHit(identifier)) list.push(link)
    }
  return list
}

const RECORDS_SQL = `SELECT ${CACHED_REPORT_COLUMNS} FROM cached_reports r
  WHERE r.kind = ? AND r.id IN (SELECT value FROM json_each(?))`

export function cachedRecords(
  db: Db,
  kind: CachedReport['kind'],
  idList: readonly string[],
): Map<string, CachedReport> {
  const found = new Map<string, CachedReport>()
  for (const row of prepare<[string, string], CachedReportRow>(db, RECORDS_SQL).all(
    kind,
    JSON.stringify(idList),
  ))
    found.set(row.id, toCachedReport(row))
  return found
}

/** One hit as the window and the CLI show it. */
export function hitView(db: Db, link: RowLink, answers: JobAnswers, now: number): ScreeningHitView {
  const identifier = answers.identifiers.get(
    link.identifierId,
  ) as JobAnswers['identifiers'] extends Map<number, infer V> ? V : never
  const reports = cachedRecords(db, 'report', identifier.reportIds)
  const publics = cachedRecords(db, 'public_report', identifier.publicReportIds)
  const holdsAsWritten = [...reports.values(), ...publics.values()].some((cached) =>
    (cached.record.identifiers ?? []).some(
      (held) => held.label === identifier.label && held.value === link.written,
    ),
  )
  return {
    row: link.row,
    type: identifier.label as ScreeningHitView['type'],
    value: identifier.value,
    written: link.written,
    column: link.column,
    matchedAs: holdsAsWritten || link.written === identifier.value ? 'exact' : 'normalized',
    bankGuessed: isBankGuessed(identifier.label, identifier.value),
    asOf: isoTime(identifier.checked_at ?? now),
    source:
      identifier.source === 'online' || identifier.source === 'reused'
        ? identifier.source
        : 'cache',
    reports: identifier.reportIds.map((id) => {
      const cached = reports.get(id)
      const record = cached?.kind === 'report' ? cached.record : null
      return {
        id,
        fraudType: record?.fraudType ?? null,
        listingStatus: record?.listingStatus ?? null,
        organization: record?.reportingCompany?.businessName ?? null,
        own: cached?.own ?? false,
        createdAt: record?.createdAt ?? null,
        updatedAt: record?.updatedAt ?? null,
      }
    }),
    publicReports: identifier.publicReportIds.map((id) => {
      const cached = publics.get(id)
      const record = cached?.kind === 'public_report' ? cached.record : null
      return { id, fraudType: record?.fraudType ?? null, createdAt: record?.createdAt ?? null }
    }),
  }
}

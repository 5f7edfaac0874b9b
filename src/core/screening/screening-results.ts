import type { ScreeningHitView, ScreeningShowView } from '../../shared/contract-screening'
import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'
import {
  CACHED_REPORT_COLUMNS,
  toCachedReport,
  type CachedReport,
  type CachedReportRow,
} from '../cache/reports-cache'
import { isoTime } from '../cache/cache-times'
import type { IdentifierRow } from './screening-store'

/*
 * A job's answers per input row: a hit when any of its identifiers matched a report, no hit
 * when every one of them was checked (online by the job, or a stored search of the cache, as of
 * its time), else could not check, with why. Read from the job's tables and the cache's copies
 * of the matching records (kept there by the searches).
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
}

const ids = (json: string): string[] => {
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
  return { identifiers, rows, rowCount: rows.size }
}

const isHit = (i: { reportIds: string[]; publicReportIds: string[] }) =>
  i.reportIds.length > 0 || i.publicReportIds.length > 0

/** Why a row without a hit could not be checked, or null when every identifier was. */
function uncheckedReason(links: readonly RowLink[], answers: JobAnswers): string | null {
  if (links.length === 0) return 'No value of this row could be read: see the problems.'
  for (const link of links) {
    const identifier = answers.identifiers.get(link.identifierId)
    if (!identifier) continue
    if (identifier.state === 'failed')
      return `${link.column}: ${identifier.message ?? 'the registry could not search it.'}`
    if (identifier.checked_at === null)
      return `${link.column}: not searched on the registry yet (it waits for a connection, or the job was paused).`
  }
  return null
}

export function totalsOf(answers: JobAnswers): ScreeningShowView['totals'] {
  let hits = 0
  let unchecked = 0
  for (const links of answers.rows.values()) {
    if (
      links.some((link) =>
        isHit(answers.identifiers.get(link.identifierId) ?? { reportIds: [], publicReportIds: [] }),
      )
    )
      hits++
    else if (uncheckedReason(links, answers) !== null) unchecked++
  }
  let searched = 0
  for (const identifier of answers.identifiers.values())
    if (identifier.source === 'online') searched++
  return {
    rows: answers.rowCount,
    identifiers: answers.identifiers.size,
    searched,
    hits,
    unchecked,
  }
}

export function uncheckedRows(answers: JobAnswers): { row: number; reason: string }[] {
  const list: { row: number; reason: string }[] = []
  for (const [row, links] of answers.rows) {
    if (
      links.some((link) =>
        isHit(answers.identifiers.get(link.identifierId) ?? { reportIds: [], publicReportIds: [] }),
      )
    )
      continue
    const reason = uncheckedReason(links, answers)
    if (reason) list.push({ row, reason })
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
    asOf: isoTime(identifier.checked_at ?? now),
    source: identifier.source === 'online' ? 'online' : 'cache',
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

// The rows of a screening job's results, filtered and sorted (what Results draws).
import type { ScreeningHitView, ScreeningShowView } from '../../../../shared/contracts/screening'
import { fraudTypeLabel } from '../../report-title'

/** The core's reason for a row whose search has not run yet (a running job's, not a failure). */
export const NOT_YET = /not searched on the registry yet/

export type Filter = 'all' | 'hit' | 'unchecked'
export type Sort = 'row' | 'type' | 'newest'

interface ResultRow {
  row: number
  hits: ScreeningHitView[]
  unchecked: string | null
  outcome: ScreeningShowView['unchecked'][number]['outcome'] | 'hit'
}

/** The newest date any report of the row's hits carries, for sorting. */
const newestOf = (row: ResultRow): string =>
  row.hits
    .flatMap((h) => [
      ...h.reports.map((r) => r.updatedAt ?? r.createdAt ?? ''),
      ...h.publicReports.map((r) => r.createdAt ?? ''),
    ])
    .sort()
    .at(-1) ?? ''

const typeOf = (row: ResultRow): string =>
  fraudTypeLabel(row.hits[0]?.reports[0]?.fraudType ?? row.hits[0]?.publicReports[0]?.fraudType)

/** The rows of the results: every row with a hit, every row that could not be checked. */
export function resultRows(job: ScreeningShowView, filter: Filter, sort: Sort): ResultRow[] {
  const rows = new Map<number, ResultRow>()
  if (filter !== 'unchecked')
    for (const hit of job.hits) {
      const row = rows.get(hit.row) ?? { row: hit.row, hits: [], unchecked: null, outcome: 'hit' }
      row.hits.push(hit)
      rows.set(hit.row, row)
    }
  if (filter !== 'hit')
    for (const u of job.unchecked)
      if (!rows.has(u.row))
        rows.set(u.row, { row: u.row, hits: [], unchecked: u.reason, outcome: u.outcome })
  const list = [...rows.values()]
  return list.sort((a, b) =>
    sort === 'newest'
      ? newestOf(b).localeCompare(newestOf(a)) || a.row - b.row
      : sort === 'type'
        ? (a.hits.length ? typeOf(a) : '~').localeCompare(b.hits.length ? typeOf(b) : '~') ||
          a.row - b.row
        : a.row - b.row,
  )
}

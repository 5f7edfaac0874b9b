import { registryIso } from '../registry/registry'
import type { Writable } from 'node:stream'
import type { ScreeningHitView } from '../../shared/contracts/screening'
import type { CoreContext } from '../core-context'
import { exportRows, type ExportColumn, type ExportFormat } from '../spreadsheet/index'
import { prepare } from '../store/store'
import { hitLinks, hitView, jobAnswers } from './screening-results'
import { jobRow } from './screening-store'
import { InputError, notFound } from '../input-error'

/*
 * The hits of a job as a spreadsheet: one line per (input row, matching report), the input
 * row's own columns first, as the file had them, then what matched, how, and as of when. Written
 * by exportRows, so a cell that starts like a formula is neutralized (CSV) or kept as text (XLSX).
 */

interface HitLine {
  cells: string[]
  hit: ScreeningHitView
  kind: 'report' | 'public_report'
  report:
    | ScreeningHitView['reports'][number]
    | (ScreeningHitView['publicReports'][number] & {
        listingStatus?: null
        organization?: null
        own?: false
        updatedAt?: null
      })
}

function* linesOf(core: CoreContext, jobId: number): Generator<HitLine> {
  const answers = jobAnswers(core.db, jobId)
  const cellsOf = prepare<[number, number], { cells_json: string }>(
    core.db,
    'SELECT cells_json FROM screening_rows WHERE job_id = ? AND row_number = ?',
  )
  const now = core.clock.now()
  for (const link of hitLinks(answers)) {
    const hit = hitView(core.db, link, answers, now)
    let cells: string[] = []
    try {
      cells = JSON.parse(cellsOf.get(jobId, link.row)?.cells_json ?? '[]') as string[]
    } catch {
      cells = []
    }
    for (const report of hit.reports) yield { cells, hit, kind: 'report', report }
    for (const report of hit.publicReports) yield { cells, hit, kind: 'public_report', report }
  }
}

/**
 * A job and the columns of its file as it had them (a line's `cells`), which a file written of
 * it gives first; a job that is not there is an error.
 */
export function jobFileColumns<L extends { cells: readonly string[] }>(
  core: CoreContext,
  jobId: number,
) {
  const job = jobRow(core.db, jobId)
  if (!job) throw new InputError(...notFound('screening_job', jobId))
  let header: string[] = []
  try {
    header = JSON.parse(job.header_json) as string[]
  } catch {
    header = []
  }
  const columns: ExportColumn<L>[] = header.map((name, i) => ({
    header: name,
    value: (line) => line.cells[i] ?? '',
  }))
  return { job, columns }
}

export async function exportHits(
  core: CoreContext,
  jobId: number,
  target: Writable | { path: string },
  format: ExportFormat,
): Promise<{ rows: number }> {
  const { columns } = jobFileColumns<HitLine>(core, jobId)
  columns.push(
    { header: 'screening_row', value: (l) => l.hit.row, width: 12 },
    { header: 'identifier_type', value: (l) => l.hit.type },
    { header: 'identifier', value: (l) => l.hit.value, width: 26 },
    { header: 'written_as', value: (l) => l.hit.written, width: 26 },
    { header: 'matched_as', value: (l) => l.hit.matchedAs },
    { header: 'report_kind', value: (l) => l.kind },
    { header: 'report_id', value: (l) => l.report.id, width: 26 },
    { header: 'fraud_type', value: (l) => l.report.fraudType },
    { header: 'reporting_organization', value: (l) => l.report.organization ?? null, width: 26 },
    { header: 'own_report', value: (l) => (l.report.own ? 'yes' : 'no') },
    { header: 'listing_status', value: (l) => l.report.listingStatus ?? null },
    { header: 'reported_at', value: (l) => l.report.createdAt, width: 22 },
    { header: 'updated_at', value: (l) => l.report.updatedAt ?? null, width: 22 },
    // On the registry's clock, as the screening record gives it (this computer's may be wrong).
    { header: 'as_of', value: (l) => registryIso(core, l.hit.asOf), width: 22 },
    { header: 'source', value: (l) => l.hit.source },
  )
  return exportRows(linesOf(core, jobId), columns, target, { format, sheetName: 'Hits' })
}

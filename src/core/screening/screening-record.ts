import { registryIso } from '../registry/registry'
import { aboutFacts, aboutJson } from './screening-about'
import type { Writable } from 'node:stream'
import type { CoreContext } from '../core-context'
import { exportRows, type ExportFormat, type XlsxCellValue } from '../spreadsheet/index'
import type { ScreeningProblem } from './screening-input'
import {
  RECORD_OUTCOMES,
  recordLines,
  widestRow,
  type RecordLine,
  type Slot,
} from './screening-record-lines'
import { jobFileColumns } from './screening-export'
import { jobProblems } from './screening-store'
import { noOutcomes } from './screening-outcome'

/*
 * The screening record: every input row of a job once, with what became of each identifier read
 * from it ("Reports on file", "No report on file", "Could not check: …"; the row's own outcome
 * may also be "Partly checked" or "Could not read", screening-outcome.ts) and of each cell that
 * could not be read ("Could not read: …"), the reports' ids and the time each answer holds as
 * of, so that a compliance officer can show, per customer, that it was checked, when, and with
 * what outcome. The row's own columns come first, as the file had them; the file is written by
 * exportRows (formulas neutralized in CSV, text cells in XLSX), page by page from the database,
 * so a list of any length holds one page of rows in memory and never holds the connection
 * between pages (the job may be running beside it). In XLSX a second sheet gives the totals,
 * when and from which file the job ran, and which clock the times are.
 *
 * Times: each answer's time is kept on this computer's clock (checked_at, as the hits' "as of"
 * is); the record gives it on the registry's clock, moved by the offset the registry's Date
 * headers gave (the folder's registry clock), whenever that offset is known.
 */

/** What a CSV record says about itself, for its sidecar `<name>.about.json` (screening-about.ts). */
export function recordAboutJson(core: CoreContext, jobId: number): string {
  const { job } = jobFileColumns<RecordLine>(core, jobId)
  return `${JSON.stringify(aboutJson(aboutFacts(core, job)), null, 2)}\n`
}

export async function exportRecord(
  core: CoreContext,
  jobId: number,
  target: Writable | { path: string },
  format: ExportFormat,
): Promise<{ rows: number }> {
  const { job, columns } = jobFileColumns<RecordLine>(core, jobId)
  const problems = jobProblems(job)
  const byRow = new Map<number, ScreeningProblem[]>()
  for (const problem of problems) {
    const list = byRow.get(problem.row)
    if (list) list.push(problem)
    else byRow.set(problem.row, [problem])
  }
  const time = (ms: number) => registryIso(core, ms)
  columns.push(
    { header: 'screening_row', value: (l) => l.row, width: 12 },
    { header: 'outcome', value: (l) => l.outcome, width: 40 },
    { header: 'checked_as_of', value: (l) => l.asOf, width: 24 },
  )
  const slot = (n: number, field: keyof Slot) => (l: RecordLine) =>
    (l.slots[n]?.[field] ?? null) as XlsxCellValue
  for (let n = 0; n < widestRow(core, jobId, problems); n++) {
    const name = `identifier_${n + 1}_`
    columns.push(
      { header: `${name}column`, value: slot(n, 'column') },
      { header: `${name}type`, value: slot(n, 'type') },
      { header: `${name}value`, value: slot(n, 'value'), width: 26 },
      { header: `${name}outcome`, value: slot(n, 'outcome'), width: 40 },
      { header: `${name}reports`, value: slot(n, 'reports'), width: 10 },
      { header: `${name}public_reports`, value: slot(n, 'publicReports'), width: 10 },
      { header: `${name}report_ids`, value: slot(n, 'reportIds'), width: 30 },
      { header: `${name}public_report_ids`, value: slot(n, 'publicReportIds'), width: 30 },
      { header: `${name}as_of`, value: slot(n, 'asOf'), width: 24 },
      { header: `${name}answer`, value: slot(n, 'answer'), width: 16 },
      { header: `${name}checked_against`, value: slot(n, 'checkedAgainst'), width: 24 },
      { header: `${name}spellings_searched`, value: slot(n, 'spellings'), width: 30 },
    )
  }
  // The same counting as the job's totals (rowOutcome), over the lines this file holds.
  const counts = noOutcomes()
  function* counted(): Generator<RecordLine> {
    for (const line of recordLines(core, jobId, byRow, time)) {
      counts[line.kind]++
      yield line
    }
  }
  // Pulled after the last row was written: the totals are those of the lines above them.
  const facts = aboutFacts(core, job)
  function* summary(): Generator<XlsxCellValue[]> {
    for (const fact of facts) yield [fact.label, fact.value]
    yield ['Job written', time(job.created_at)]
    yield ['Job state when this record was written', job.state]
    yield ['Record written', time(core.clock.now())]
    yield ['Rows', Object.values(counts).reduce((a, b) => a + b, 0)]
    for (const kind of ['hit', 'clean', 'partly', 'unchecked', 'unread'] as const)
      yield [`Rows: ${RECORD_OUTCOMES[kind]}`, counts[kind]]
    yield ['Cells that could not be read', problems.length]
  }
  return exportRows(counted(), columns, target, {
    format,
    sheetName: 'Screening record',
    moreSheets: [
      { name: 'About this record', columns: [{ width: 40 }, { width: 80 }], rows: summary() },
    ],
  })
}

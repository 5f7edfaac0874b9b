import { extname } from 'node:path'
import type { PublicReport, ReportRecord } from '../../shared/domain/responses'
import type { CoreContext } from '../core-context'
import type { OwnSubmissionsFilter } from '../submissions/submissions'
import {
  exportRows,
  PUBLIC_REPORT_EXPORT_COLUMNS,
  REPORT_EXPORT_COLUMNS,
  type ExportColumn,
  type ExportFormat,
} from '../spreadsheet/index'
import * as Submissions from '../submissions/submissions'

const PAGE = 1000

/** The format of an export by its file name: .xlsx, else CSV. */
export function exportFormatOf(path: string): ExportFormat {
  return extname(path).toLowerCase() === '.xlsx' ? 'xlsx' : 'csv'
}

/** Every cached submission matching the filter, streamed page by page into a CSV or XLSX file. */
export async function exportSubmissions(
  core: CoreContext,
  path: string,
  filter: OwnSubmissionsFilter = {},
): Promise<{ rows: number }> {
  async function* rows(): AsyncGenerator<ReportRecord> {
    for (let offset = 0; ; offset += PAGE) {
      const page = Submissions.listSubmissions(core, { ...filter, offset, limit: PAGE }).rows
      for (const row of page) yield row.record
      if (page.length < PAGE) return
    }
  }
  return exportRows(
    rows(),
    REPORT_EXPORT_COLUMNS,
    { path },
    { format: exportFormatOf(path), sheetName: 'Submissions' },
  )
}

type SearchRow =
  { kind: 'report'; record: ReportRecord } | { kind: 'public report'; record: PublicReport }

/** Reports and public reports of one search answer in one table, told apart by their first column. */
const SEARCH_EXPORT_COLUMNS: readonly ExportColumn<SearchRow>[] = [
  { header: 'kind', value: (row) => row.kind, width: 14 },
  ...REPORT_EXPORT_COLUMNS.map((column) => ({
    ...column,
    value: (row: SearchRow) => {
      if (row.kind === 'report') return column.value(row.record)
      const publicColumn = PUBLIC_REPORT_EXPORT_COLUMNS.find((c) => c.header === column.header)
      if (publicColumn) return publicColumn.value(row.record)
      return column.header === 'reporting_company'
        ? (row.record.financialInstitution ?? null)
        : null
    },
  })),
]

export async function exportSearchAnswer(
  answer: { reports: readonly ReportRecord[]; publicReports: readonly PublicReport[] },
  path: string,
): Promise<{ rows: number }> {
  const rows: SearchRow[] = [
    ...answer.reports.map((record) => ({ kind: 'report' as const, record })),
    ...answer.publicReports.map((record) => ({ kind: 'public report' as const, record })),
  ]
  return exportRows(
    rows,
    SEARCH_EXPORT_COLUMNS,
    { path },
    { format: exportFormatOf(path), sheetName: 'Search results' },
  )
}

import { BULK_ERRORS_HEADER, BULK_ROW_NUMBER_HEADER } from '../../shared/bulk-template'
import type { Writable } from 'node:stream'
import type { PublicReport, ReportRecord } from '../../shared/domain'
import { writeCsv } from './csv-writer'
import { writeXlsx, type XlsxCellValue, type XlsxSheetSpec } from './xlsx-writer'
import type { BulkRejectedRow } from './bulk-file-import'

export { neutralizeFormula, startsLikeFormula } from './formula-injection'
export { csvField } from './csv-writer'

export type ExportFormat = 'csv' | 'xlsx'
export type ExportCellValue = XlsxCellValue

export interface ExportColumn<T> {
  header: string
  value: (row: T) => ExportCellValue
  /** Width in characters in XLSX. */
  width?: number
}

export interface ExportOptions {
  format: ExportFormat
  /** XLSX only. */
  sheetName?: string
  /**
   * XLSX only: sheets after the rows' own (a summary). Their rows are pulled after the last row
   * of the first sheet was written, so they may say what the rows added up to.
   */
  moreSheets?: readonly XlsxSheetSpec[]
}

/**
 * Writes rows under the given columns as CSV or XLSX, streamed: rows are pulled from the
 * (async) iterable only as fast as the file takes them. Against formula injection, text that
 * starts like a formula (formula-injection.ts: = + - @ | tab, CR or LF, also behind spaces,
 * invisible characters or a separator, and in full-width forms) gets a single-quote prefix in
 * CSV (OWASP); in XLSX it is a text cell, which Excel never evaluates, with Excel's quote-prefix
 * style so that editing the cell cannot turn it into a formula either, and its value stays
 * exactly as it was.
 */
export async function exportRows<T>(
  rows: Iterable<T> | AsyncIterable<T>,
  columns: readonly ExportColumn<T>[],
  target: Writable | { path: string },
  options: ExportOptions,
): Promise<{ rows: number }> {
  let count = 0
  async function* table(): AsyncGenerator<ExportCellValue[]> {
    yield columns.map((c) => c.header)
    for await (const row of rows) {
      count++
      yield columns.map((c) => c.value(row))
    }
  }
  if (options.format === 'csv') await writeCsv(target, table())
  else
    await writeXlsx(target, [
      {
        name: options.sheetName ?? 'Export',
        header: true,
        columns: columns.map((c) => ({ width: c.width ?? 18 })),
        rows: table(),
      },
      ...(options.moreSheets ?? []),
    ])
  return { rows: count }
}

const identifiersText = (
  identifiers: { label?: string | null; value: string }[] | null | undefined,
) => (identifiers ?? []).map((i) => (i.label ? `${i.label}: ${i.value}` : i.value)).join('; ')

const listText = (items: readonly string[] | null | undefined) => (items ?? []).join('; ')

/** The organization's submissions, or the registry's own reports in a search result. */
export const REPORT_EXPORT_COLUMNS: readonly ExportColumn<ReportRecord>[] = [
  { header: 'id', value: (r) => r.id, width: 26 },
  { header: 'fraud_type', value: (r) => r.fraudType },
  { header: 'fraud_reason', value: (r) => r.fraudReason, width: 60 },
  { header: 'identifiers', value: (r) => identifiersText(r.identifiers), width: 40 },
  { header: 'status', value: (r) => r.status },
  { header: 'listing_status', value: (r) => r.listingStatus },
  { header: 'exit_list_reason', value: (r) => r.exitListReason },
  {
    header: 'show_uploader_info',
    value: (r) => (r.showUploaderInfo == null ? null : String(r.showUploaderInfo)),
  },
  { header: 'reporting_company', value: (r) => r.reportingCompany?.businessName },
  { header: 'attachments', value: (r) => listText(r.attachments), width: 40 },
  { header: 'created_at', value: (r) => r.createdAt, width: 22 },
  { header: 'updated_at', value: (r) => r.updatedAt, width: 22 },
]

/** Public reports of a search result (registry-api.md 2.5). */
export const PUBLIC_REPORT_EXPORT_COLUMNS: readonly ExportColumn<PublicReport>[] = [
  { header: 'id', value: (r) => r.id, width: 26 },
  { header: 'fraud_type', value: (r) => r.fraudType },
  { header: 'fraud_reason', value: (r) => r.fraudReason, width: 60 },
  { header: 'identifiers', value: (r) => identifiersText(r.identifiers), width: 40 },
  { header: 'financial_institution', value: (r) => r.financialInstitution, width: 24 },
  { header: 'event_date', value: (r) => r.eventDate, width: 22 },
  { header: 'status', value: (r) => r.status },
  { header: 'reporting_entity', value: (r) => r.reportingEntity },
  { header: 'attachments', value: (r) => listText(r.attachments), width: 40 },
  { header: 'created_at', value: (r) => r.createdAt, width: 22 },
]

export const REJECTED_ROW_NUMBER_HEADER = BULK_ROW_NUMBER_HEADER
export const REJECTED_ERRORS_HEADER = BULK_ERRORS_HEADER

/** "B7 fraud_reason: The reason has 20 characters…", one line per problem. */
export function describeRowErrors(row: Pick<BulkRejectedRow, 'errors'>): string {
  return row.errors
    .map((e) => {
      const where = [e.cell, e.column && e.column !== e.cell ? e.column : '']
        .filter(Boolean)
        .join(' ')
      return where ? `${where}: ${e.message}` : e.message
    })
    .join('\n')
}

/**
 * Rejected rows of a bulk import, each as it was read under the file's own header (so it can be
 * fixed and imported again) followed by its row number in the original file and the reasons.
 */
export async function exportRejectedRows(
  result: { header: { cells: readonly string[] }; rejected: readonly BulkRejectedRow[] },
  target: Writable | { path: string },
  options: ExportOptions,
): Promise<{ rows: number }> {
  const width = Math.max(result.header.cells.length, ...result.rejected.map((r) => r.cells.length))
  const columns: ExportColumn<BulkRejectedRow>[] = Array.from({ length: width }, (_, i) => ({
    header: result.header.cells[i] ?? '',
    value: (row: BulkRejectedRow) => row.cells[i] ?? '',
    width: 18,
  }))
  columns.push(
    { header: REJECTED_ROW_NUMBER_HEADER, value: (r) => r.rowNumber, width: 12 },
    {
      header: REJECTED_ERRORS_HEADER,
      // One line in a CSV: a quoted cell over several lines full of commas reads, on import, as
      // a quote left open that swallowed other rows, and the fixed row would be refused for it.
      value: (r) =>
        options.format === 'csv'
          ? describeRowErrors(r).replace(/\n/g, ' | ')
          : describeRowErrors(r),
      width: 80,
    },
  )
  return exportRows(result.rejected, columns, target, { sheetName: 'Rows to fix', ...options })
}

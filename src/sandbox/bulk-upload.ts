import type { ReportInput } from '../shared/domain/report-input'
import { MAX_BULK_BYTES } from './bulk-file/bulk-file-limits'
import { bulkFileKind } from './bulk-file/bulk-file-kind'
import { columnName, refuse } from './bulk-file/bulk-file-refusals'
import { readBulkHeader } from './bulk-file/bulk-header'
import { createRowRules } from './bulk-file/bulk-row-rules'
import { readCsvRows } from './bulk-file/csv-rows'
import type { SheetRow } from './bulk-file/sheet-rows'
import { readXlsxRows } from './bulk-file/xlsx-rows'
import type { SandboxContext } from './sandbox-context'
import type { BankRow } from './seed-banks'

export { MAX_BULK_BYTES, MAX_BULK_DATA_ROWS } from './bulk-file/bulk-file-limits'

export interface FailedUpload {
  row: number
  reason: string
}

export interface BulkOutcome {
  inputs: ReportInput[]
  failedUploads: FailedUpload[]
  /** Problems with the file that did not stop it (columns not read), for the answer's message. */
  warnings: string[]
}

/**
 * Reads a bulk file with the sandbox's own reader (src/sandbox/bulk-file/: CSV or the first
 * sheet of an XLSX, by content) and rules, and sorts its rows into report inputs to file and
 * failures `{row, reason}` with the spreadsheet's row number. Whole-file problems throw a
 * SandboxError (400/413/415) and nothing is filed. Two equal rows are both filed:
 * de-duplicating is the client's business, not the registry's.
 */
export async function readBulkUpload(
  context: SandboxContext,
  banks: readonly BankRow[],
  bytes: Uint8Array,
): Promise<BulkOutcome> {
  if (bytes.length > MAX_BULK_BYTES) throw refuse.tooLarge(bytes.length, MAX_BULK_BYTES)
  const rows: SheetRow[] =
    bulkFileKind(bytes) === 'xlsx' ? await readXlsxRows(bytes) : readCsvRows(bytes)
  const [headerRow, ...dataRows] = rows
  if (!headerRow) throw refuse.noHeader()
  const header = readBulkHeader(headerRow)
  if (dataRows.length === 0) throw refuse.noReports()

  const outcome: BulkOutcome = { inputs: [], failedUploads: [], warnings: [...header.notRead] }
  const unheaded = new Set<number>()
  const rules = createRowRules(header, banks, context.reportInputSchema)
  for (const row of dataRows) {
    row.cells.forEach((cell, index) => {
      if (cell.trim() !== '' && !header.headed.has(index)) unheaded.add(index)
    })
    const result = rules(row)
    if (result.ok) outcome.inputs.push(result.input)
    else outcome.failedUploads.push({ row: row.rowNumber, reason: result.reason })
  }
  for (const index of [...unheaded].sort((a, b) => a - b))
    outcome.warnings.push(
      `Column ${columnName(index)} has values but no header in row ${header.rowNumber}, and was not read.`,
    )
  return outcome
}

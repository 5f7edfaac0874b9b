import { reportFingerprint } from '../../shared/domain'
import { readTableRows, type ReadTableOptions, type TableSource } from './read-table'
import type { TableProgress, TableRow, TableSheet } from './table-row'
import {
  headerNotInRow1,
  looksLikeBulkHeader,
  mapBulkHeader,
  type BulkHeaderMapping,
} from './bulk-header'
import { HEADER_SEARCH_ROWS } from './table-limits'
import {
  BulkFileError,
  problemInSheet,
  namingSheet,
  sheetChosen,
  type BulkFileProblem,
} from './bulk-file-error'
import type { AttachmentFileCell } from './bulk-attachment-cells'
import {
  createBulkRowMapper,
  type BulkRowError,
  type BulkRowOptions,
  type BulkRowResult,
} from './bulk-row-rules'
import type { ReportInputDraft } from '../../shared/domain'

export { reportFingerprint }
export { mapBulkHeader, type BulkHeaderMapping } from './bulk-header'
export { BulkFileError, type BulkFileProblem, type BulkFileProblemCode } from './bulk-file-error'
export {
  createBulkRowMapper,
  type AcceptedBulkRow,
  type RejectedBulkRow,
  type BulkRowError,
  type BulkRowOptions,
  type BulkRowResult,
} from './bulk-row-rules'
export { createBankResolver, type BulkBank, type BankResolver } from './bank-resolver'

export type BulkRowEvent =
  | { kind: 'header'; header: BulkHeaderMapping; cells: string[] }
  | { kind: 'row'; result: BulkRowResult; cells: string[] }
  | { kind: 'empty'; rowNumber: number }

/**
 * Rows of a bulk sheet mapped one by one, for callers that queue as they read: first the
 * header, then for every data row either its result or `empty`. Throws BulkFileError when the
 * header row does not let the rows be read (every problem listed at once), or, when row 1 is
 * not the header but one of the next rows is (a title above it), that the header must be row 1.
 */
export async function* mapBulkRows(
  rows: AsyncIterable<TableRow>,
  options: BulkRowOptions = {},
): AsyncGenerator<BulkRowEvent> {
  let mapRow: ((row: TableRow) => BulkRowResult | null) | null = null
  /** Row 1's problems while the rows below it are looked at for the header. */
  let notHeader: BulkFileProblem[] | null = null
  for await (const row of rows) {
    if (notHeader) {
      if (row.rowNumber > HEADER_SEARCH_ROWS) throw new BulkFileError(notHeader)
      if (looksLikeBulkHeader(row.cells)) throw new BulkFileError([headerNotInRow1(row.rowNumber)])
      continue
    }
    if (!mapRow) {
      const header = mapBulkHeader(row.rowNumber, row.cells)
      const blocking = header.problems.filter((p) => p.blocking)
      if (blocking.length > 0) {
        if (looksLikeBulkHeader(row.cells)) throw new BulkFileError(blocking)
        notHeader = blocking
        continue
      }
      mapRow = createBulkRowMapper(header, options)
      yield { kind: 'header', header, cells: row.cells }
      continue
    }
    const result = mapRow(row)
    yield result
      ? { kind: 'row', result, cells: row.cells }
      : { kind: 'empty', rowNumber: row.rowNumber }
  }
  if (notHeader) throw new BulkFileError(notHeader)
}

export type KnownReportState = 'queued' | 'submitted'

export interface BulkImportOptions extends BulkRowOptions {
  /** Whether a report with this fingerprint is already in the outbox or on the registry. */
  isKnown?: (fingerprint: string) => KnownReportState | null | Promise<KnownReportState | null>
  onProgress?: (progress: BulkImportProgress) => void
  format?: ReadTableOptions['format']
  limits?: ReadTableOptions['limits']
}

export interface BulkImportProgress extends TableProgress {
  accepted: number
  rejected: number
}

export interface BulkAcceptedRow {
  rowNumber: number
  input: ReportInputDraft
  attachments: string[]
  /** The attachments that are file paths, with their cells. */
  files: AttachmentFileCell[]
  fingerprint: string
}

export type BulkRejectionReason =
  'invalid' | 'duplicate_in_file' | 'already_queued' | 'already_submitted'

export interface BulkRejectedRow {
  rowNumber: number
  reason: BulkRejectionReason
  errors: BulkRowError[]
  /** The row as read, so it can be exported with its reasons, fixed and imported again. */
  cells: string[]
}

export interface BulkImportResult {
  /** The header row as written, for exporting rejected rows under the same columns. */
  header: { rowNumber: number; cells: string[] }
  accepted: BulkAcceptedRow[]
  rejected: BulkRejectedRow[]
  /** Row numbers of rows with nothing in them, which were skipped. */
  skippedEmptyRows: number[]
  duplicatesInFile: { rowNumber: number; sameAsRow: number; fingerprint: string }[]
  alreadyKnown: { rowNumber: number; state: KnownReportState; fingerprint: string }[]
  /** Problems with the file that did not stop the import (unknown columns, no data rows). */
  fileProblems: BulkFileProblem[]
  /** Invariant: accepted + rejected + skippedEmpty = dataRows. */
  totals: {
    dataRows: number
    accepted: number
    rejected: number
    skippedEmpty: number
    duplicatesInFile: number
    alreadyKnown: number
  }
}

const PROGRESS_EVERY_ROWS = 500

/**
 * Reads a whole bulk file (CSV or XLSX, streamed) and sorts every data row into accepted,
 * rejected (with the reasons, per cell) or skipped as empty; nothing else happens to a row.
 * A row that repeats an earlier row of the file, or a report already queued or submitted
 * (`isKnown`), is rejected with a message saying so, so a report is never imported twice.
 * Throws TableFileError when the file cannot be read and BulkFileError when its header row
 * does not fit the template.
 */
export async function importBulkFile(
  source: TableSource,
  options: BulkImportOptions = {},
): Promise<BulkImportResult> {
  const result: BulkImportResult = {
    header: { rowNumber: 1, cells: [] },
    accepted: [],
    rejected: [],
    skippedEmptyRows: [],
    duplicatesInFile: [],
    alreadyKnown: [],
    fileProblems: [],
    totals: {
      dataRows: 0,
      accepted: 0,
      rejected: 0,
      skippedEmpty: 0,
      duplicatesInFile: 0,
      alreadyKnown: 0,
    },
  }
  const firstRowOf = new Map<string, number>()
  let lastProgress: TableProgress = { bytesRead: 0, totalBytes: 0, rows: 0 }
  const report = () =>
    options.onProgress?.({
      ...lastProgress,
      accepted: result.accepted.length,
      rejected: result.rejected.length,
    })
  let sheet: TableSheet | undefined
  const rows = readTableRows(source, {
    format: options.format,
    limits: options.limits,
    onProgress: (p) => {
      lastProgress = p
    },
    isHeaderRow: looksLikeBulkHeader,
    onSheet: (read) => {
      sheet = read
      if (read.passedOver.length > 0) result.fileProblems.push(sheetChosen(read))
    },
  })
  for await (const event of namingSheet(mapBulkRows(rows, options), () => sheet)) {
    if (event.kind === 'header') {
      result.header = { rowNumber: event.header.rowNumber, cells: event.cells }
      result.fileProblems.push(...event.header.problems.map((p) => problemInSheet(p, sheet)))
      continue
    }
    result.totals.dataRows++
    if (result.totals.dataRows % PROGRESS_EVERY_ROWS === 0) report()
    if (event.kind === 'empty') {
      result.skippedEmptyRows.push(event.rowNumber)
      continue
    }
    const row = event.result
    if (!row.ok) {
      result.rejected.push({
        rowNumber: row.rowNumber,
        reason: 'invalid',
        errors: row.errors,
        cells: event.cells,
      })
      continue
    }
    const fingerprint = reportFingerprint(row.input)
    const sameAsRow = firstRowOf.get(fingerprint)
    if (sameAsRow !== undefined) {
      result.duplicatesInFile.push({ rowNumber: row.rowNumber, sameAsRow, fingerprint })
      result.rejected.push({
        rowNumber: row.rowNumber,
        reason: 'duplicate_in_file',
        cells: event.cells,
        errors: [
          {
            column: '',
            message: `Row ${row.rowNumber} is the same report as row ${sameAsRow} (same fraud type, reason and identifiers), so it is imported once. Delete one of the two rows, or change this one if it is a different report.`,
          },
        ],
      })
      continue
    }
    firstRowOf.set(fingerprint, row.rowNumber)
    const known = options.isKnown ? await options.isKnown(fingerprint) : null
    if (known) {
      result.alreadyKnown.push({ rowNumber: row.rowNumber, state: known, fingerprint })
      result.rejected.push({
        rowNumber: row.rowNumber,
        reason: known === 'queued' ? 'already_queued' : 'already_submitted',
        cells: event.cells,
        errors: [
          {
            column: '',
            message:
              known === 'queued'
                ? 'This report is already in the outbox, waiting to be sent (same fraud type, reason and identifiers), so it is not imported again. Delete the row, or change it if it is a different report.'
                : 'This report was already sent to the registry (same fraud type, reason and identifiers), so it is not imported again. Delete the row, or update the earlier report instead.',
          },
        ],
      })
      continue
    }
    result.accepted.push({
      rowNumber: row.rowNumber,
      input: row.input,
      attachments: row.attachments,
      files: row.files,
      fingerprint,
    })
  }

  const { totals } = result
  totals.accepted = result.accepted.length
  totals.rejected = result.rejected.length
  totals.skippedEmpty = result.skippedEmptyRows.length
  totals.duplicatesInFile = result.duplicatesInFile.length
  totals.alreadyKnown = result.alreadyKnown.length
  if (totals.accepted + totals.rejected + totals.skippedEmpty !== totals.dataRows)
    throw new Error(
      `Bulk import lost track of rows: ${totals.dataRows} data rows but ${totals.accepted} accepted, ${totals.rejected} rejected and ${totals.skippedEmpty} empty.`,
    )
  if (totals.accepted + totals.rejected === 0)
    result.fileProblems.push({
      code: 'no_data_rows',
      blocking: false,
      message: `The file has the header row but no reports below it${totals.skippedEmpty ? ` (only ${totals.skippedEmpty} empty rows)` : ''}. Write one report per row under the header and import it again.`,
    })
  report()
  return result
}

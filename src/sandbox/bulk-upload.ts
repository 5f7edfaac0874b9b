import { BULK_HEADERS } from '../shared/bulk-template'
import type { ReportInput } from '../shared/domain/report-input'
import { describeIssues } from '../shared/validation-messages'
import { BulkFileError, mapBulkRows, type BulkRowError } from '../core/spreadsheet/bulk-rows'
import {
  describeNonSpreadsheet,
  detectTableFormat,
  hasUtf16Bom,
} from '../core/spreadsheet/detect-format'
import {
  readTableRows,
  TableFileError,
  type TableFileErrorCode,
} from '../core/spreadsheet/read-table'
import { tableErrors } from '../core/spreadsheet/table-file-error'
import { SandboxError } from './envelope'
import type { SandboxContext } from './sandbox-context'
import type { BankRow } from './seed-banks'

export const MAX_BULK_BYTES = 5 * 1024 * 1024
export const MAX_BULK_DATA_ROWS = 1000

export interface FailedUpload {
  row: number
  reason: string
}

export interface BulkOutcome {
  inputs: ReportInput[]
  failedUploads: FailedUpload[]
  /** Problems with the file that did not stop it (unknown columns), for the answer's message. */
  warnings: string[]
}

const TEMPLATE_HINT = `Send the Casefile bulk template (.xlsx or CSV UTF-8) with the columns ${BULK_HEADERS.join(', ')}.`

/** Which HTTP status a whole-file problem of the shared reader gets (see the sandbox README). */
const STATUS_OF: Record<TableFileErrorCode, number> = {
  too_large: 413,
  too_many_rows: 413,
  zip_bomb: 413,
  not_a_spreadsheet: 415,
  encoding: 415,
  empty: 400,
  too_many_columns: 400,
  cell_too_long: 400,
}

function reasonOf(errors: readonly BulkRowError[]): string {
  return errors
    .map(({ column, cell, message }) =>
      column ? `${column}${cell ? ` (${cell})` : ''}: ${message}` : message,
    )
    .join('\n')
}

/**
 * Reads a bulk file with the shared spreadsheet reader and row mapper (the same rules as the
 * app's importer and the report schema), and sorts its rows into report inputs to file and
 * failures `{row, reason}` with the spreadsheet's row number. Whole-file problems throw a
 * SandboxError (400/413/415) and nothing is filed. Unlike the app's importer, two equal rows
 * are both filed: de-duplicating is the client's business, not the registry's.
 */
export async function readBulkUpload(
  context: SandboxContext,
  banks: readonly BankRow[],
  bytes: Uint8Array,
  fileName: string,
): Promise<BulkOutcome> {
  if (bytes.length === 0) throw new SandboxError(400, tableErrors.empty().message)
  const head = bytes.subarray(0, 4096)
  const format = detectTableFormat(head, fileName)
  if (!format) {
    const problem = hasUtf16Bom(head)
      ? tableErrors.utf16()
      : tableErrors.notASpreadsheet(describeNonSpreadsheet(head, fileName))
    throw new SandboxError(415, problem.message)
  }

  const outcome: BulkOutcome = { inputs: [], failedUploads: [], warnings: [] }
  const rows = readTableRows(
    { bytes },
    { format, limits: { maxFileBytes: MAX_BULK_BYTES, maxRows: MAX_BULK_DATA_ROWS + 1 } },
  )
  try {
    for await (const event of mapBulkRows(rows, { banks })) {
      if (event.kind === 'header') {
        outcome.warnings.push(
          ...event.header.problems.filter((p) => !p.blocking).map((p) => p.message),
        )
        continue
      }
      if (event.kind === 'empty') continue
      const row = event.result
      if (!row.ok) {
        outcome.failedUploads.push({ row: row.rowNumber, reason: reasonOf(row.errors) })
        continue
      }
      // The app uploads file paths first; the registry itself takes only links.
      const paths = row.attachments.filter((written) => !/^https?:\/\//i.test(written))
      if (paths.length > 0) {
        outcome.failedUploads.push({
          row: row.rowNumber,
          reason: paths
            .map(
              (path) =>
                `attachments: "${path}" is not a link. Upload the file first (POST {upload_url}/api/v1/upload) and put the url it returns in the cell.`,
            )
            .join('\n'),
        })
        continue
      }
      const parsed = context.reportInputSchema.safeParse({
        ...row.input,
        attachments: row.attachments,
      })
      if (!parsed.success) {
        outcome.failedUploads.push({ row: row.rowNumber, reason: describeIssues(parsed.error) })
        continue
      }
      outcome.inputs.push(parsed.data)
    }
  } catch (error) {
    if (error instanceof TableFileError)
      throw new SandboxError(STATUS_OF[error.code], error.message)
    if (error instanceof BulkFileError)
      throw new SandboxError(
        400,
        `The bulk file's header row does not fit the template:\n${error.message}`,
      )
    throw error
  }
  if (outcome.inputs.length + outcome.failedUploads.length === 0)
    throw new SandboxError(
      400,
      `The bulk file has the header row but no reports below it. Write one report per row under the header. ${TEMPLATE_HINT}`,
    )
  return outcome
}

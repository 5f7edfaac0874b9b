import type { ImportOutcomeView } from '../../shared/contracts/bulk-import'
import type { ImportOutcome } from './import-spreadsheet'

/**
 * An import's outcome as it leaves the core (the window, the CLI's --json): the rows' cells stay
 * behind. `queuedRows: 'with-files'` (the window) lists only the queued rows that upload files
 * from this computer, with their files; every queued row is counted in totals.queued. The window
 * shows the counts, and one entry per row of a 50,000-row import was 3 MB that the main
 * process had to read, check and pass on in one piece (60-90 ms of its event loop).
 */
export function importOutcomeView(
  outcome: ImportOutcome,
  options: { queuedRows?: 'all' | 'with-files' } = {},
): ImportOutcomeView {
  return {
    mode: outcome.mode,
    totals: outcome.totals,
    queued:
      options.queuedRows === 'with-files'
        ? outcome.queued.filter((row) => row.files !== undefined)
        : outcome.queued,
    rejected: outcome.rejected.map(({ rowNumber, reason, errors }) => ({
      rowNumber,
      reason,
      errors: errors.map((e) => ({
        column: e.column,
        message: e.message,
        ...(e.cell ? { cell: e.cell } : {}),
      })),
    })),
    skippedEmptyRows: outcome.skippedEmptyRows,
    fileProblems: outcome.fileProblems.map((p) => ({
      code: p.code,
      blocking: p.blocking,
      message: p.message,
      ...(p.column ? { column: p.column } : {}),
    })),
    bulkOperationIds: outcome.bulkOperationIds,
  }
}

import type { ImportOutcomeView } from '../../shared/contract-work'
import type { ImportOutcome } from './import-spreadsheet'

/** An import's outcome as it leaves the core (the window, the CLI's --json): the rows' cells stay behind. */
export function importOutcomeView(outcome: ImportOutcome): ImportOutcomeView {
  return {
    mode: outcome.mode,
    totals: outcome.totals,
    queued: outcome.queued,
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

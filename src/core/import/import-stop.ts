import { rowRanges } from '../../shared/row-ranges'
import type { BulkAcceptedRow } from '../spreadsheet/index'
import { describeStorageFailure } from '../store/store'
import type { ImportOutcome } from './import-spreadsheet'

/**
 * The data folder could not be written (a full disk): the rows from `notQueued` on are not
 * queued, each says why, and the outcome says where the import stopped. What was committed
 * before stays queued and listed.
 */
export function stopImport(
  dataDir: string,
  outcome: ImportOutcome,
  notQueued: readonly BulkAcceptedRow[],
  error: unknown,
): void {
  const rows = notQueued.map((row) => row.rowNumber)
  const count = (n: number) => `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`
  const why = describeStorageFailure(
    error,
    dataDir,
    `${count(outcome.queued.length)} ${outcome.queued.length === 1 ? 'is' : 'are'} queued (listed); ${count(rows.length)} ${rows.length === 1 ? 'was' : 'were'} not (rows ${rowRanges(rows)}): import the file again then, and the rows already queued are recognised and skipped.`,
  ) as string
  const message = `The import stopped at row ${rows[0]}: ${why.charAt(0).toLowerCase()}${why.slice(1)}`
  outcome.stopped = { message, rows }
  outcome.fileProblems = [
    ...outcome.fileProblems,
    { code: 'import_stopped', blocking: false, message },
  ]
  for (const rowNumber of rows)
    outcome.rejected.push({
      rowNumber,
      reason: 'not_queued',
      errors: [
        {
          column: '',
          message:
            'Not queued: the import stopped before this row (see why above). Import the file again.',
        },
      ],
      cells: [],
    })
}

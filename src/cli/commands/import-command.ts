import type { Core } from '../../core/open-core'
import { importSpreadsheet, importOutcomeView } from '../../core/import/import'
import { rowRanges } from '../../shared/row-ranges'
import { storageProblemOf } from '../../core/store/store'
import {
  BulkFileError,
  describeRowErrors,
  exportRejectedRows,
  checkOutputFile,
  writeReplacing,
  TableFileError,
} from '../../core/spreadsheet/index'
import { CliError } from '../cli-error'
import { describeOutputProblem } from '../output-problem'
import { describeFileError } from '../describe-failure'
import { printJson, type CliIo } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import { stringOption } from '../option-values'

export interface ImportCommandOptions {
  dryRun: boolean
  asBulk: boolean
  rejectedOut?: string
  /** The folder attachment paths are read from, instead of the spreadsheet's. */
  attachmentsDir?: string
  json: boolean
}

/** casefile import FILE [--dry-run] [--as-bulk] [--rejected-out FILE]: exit 2 when some rows need fixing. */
export async function importCommand(
  core: Core,
  io: CliIo,
  file: string,
  options: ImportCommandOptions,
): Promise<number> {
  // Checked before anything is queued: a bad OUT must not be found out after the rows went in.
  const rejectedOut = options.rejectedOut ? checkOutputFile(options.rejectedOut, [file]) : null
  if (rejectedOut && !rejectedOut.ok)
    throw new CliError(
      `Nothing was imported: ${describeOutputProblem(rejectedOut, {
        what: 'the rejected rows',
        input: 'the spreadsheet being imported',
      })}`,
    )
  let outcome
  try {
    outcome = await importSpreadsheet(
      core,
      { path: file },
      {
        dryRun: options.dryRun,
        asBulk: options.asBulk,
        sourceName: file,
        attachmentsDir: options.attachmentsDir,
      },
    )
  } catch (error) {
    if (error instanceof TableFileError || error instanceof BulkFileError)
      throw new CliError(`${file}: ${error.message}`)
    // The data folder's disk, not the spreadsheet: said naming the folder (withCore).
    if (storageProblemOf(error)) throw error
    const fileProblem = describeFileError(error, file)
    if (fileProblem) throw new CliError(fileProblem)
    throw error
  }
  let rejectedWritten = false
  let rejectedProblem: string | null = null
  // Rows left out by a stop have nothing to fix: importing the file again queues them.
  const stoppedRows = new Set(outcome.stopped?.rows)
  const toFix = outcome.rejected.filter((row) => !stoppedRows.has(row.rowNumber))
  if (rejectedOut?.ok && toFix.length > 0) {
    const rows = {
      header: outcome.header,
      rejected: toFix.map((row) => ({
        ...row,
        reason: row.reason === 'not_queued' ? ('invalid' as const) : row.reason,
      })),
    }
    try {
      await writeReplacing(rejectedOut.path, (temporary) =>
        exportRejectedRows(rows, { path: temporary }, { format: rejectedOut.format }),
      )
      rejectedWritten = true
    } catch (error) {
      // The rows are queued already: say so, and that the rejected ones are still in FILE.
      rejectedProblem = `The rejected rows could not be written to ${options.rejectedOut} (${describeFileError(error, options.rejectedOut) ?? (error instanceof Error ? error.message : String(error))}); they are listed above and are still in ${file}.`
    }
  }
  // Stopped by the data folder's disk: a failure (exit 1), with what was queued listed.
  const code = outcome.stopped
    ? EXIT.usage
    : outcome.rejected.length > 0
      ? EXIT.needsAttention
      : EXIT.ok
  if (options.json) {
    printJson(io, { ...importOutcomeView(outcome), exitCode: code })
    if (rejectedProblem) io.err(rejectedProblem)
    return code
  }
  const { totals } = outcome
  const verb =
    outcome.mode === 'dry-run'
      ? 'would be queued'
      : outcome.mode === 'bulk'
        ? `queued in ${outcome.bulkOperationIds.length} bulk upload(s)`
        : 'queued'
  io.out(
    outcome.stopped
      ? `${totals.dataRows} data rows: ${totals.queued} ${verb} before the import stopped, ${stoppedRows.size} not queued, ${totals.rejected - stoppedRows.size} rejected, ${totals.skippedEmpty} empty (skipped).`
      : `${totals.dataRows} data rows: ${totals.queued} ${verb}, ${totals.rejected} rejected, ${totals.skippedEmpty} empty (skipped).`,
  )
  if (outcome.stopped) {
    // What is in the outbox now, and what is not, row by row (as ranges: it may be thousands).
    io.out(
      `Queued: ${outcome.queued.length > 0 ? `rows ${rowRanges(outcome.queued.map((row) => row.rowNumber))}` : 'no rows'}.`,
    )
    io.out(`Not queued: rows ${rowRanges(outcome.stopped.rows)}.`)
  }
  for (const problem of outcome.fileProblems) io.err(`Note: ${problem.message}`)
  // Every file that leaves this computer is named before it does (and in a dry run).
  const uploads = outcome.mode === 'dry-run' ? 'would upload' : 'uploads'
  for (const row of outcome.queued)
    for (const f of row.files ?? [])
      io.out(`Row ${row.rowNumber} ${uploads} ${f.path} (${f.column}, ${f.type}, ${f.size} bytes)`)
  for (const row of toFix)
    io.out(`Row ${row.rowNumber}: ${describeRowErrors(row).replace(/\n/g, '\n        ')}`)
  if (rejectedProblem) io.err(rejectedProblem)
  if (rejectedWritten)
    io.out(
      `The rejected rows, with their reasons, are in ${options.rejectedOut}: fix them there and import that file.`,
    )
  if (outcome.mode !== 'dry-run' && totals.queued > 0) io.out('Run `casefile sync` to send them.')
  return code
}

export const run: CommandRun = (context) =>
  withCore(context, (core) => {
    return importCommand(core, context.io, context.args[0] as string, {
      dryRun: context.options['dry-run'] === true,
      asBulk: context.options['as-bulk'] === true,
      rejectedOut: stringOption(context, 'rejected-out'),
      attachmentsDir: stringOption(context, 'attachments-dir'),
      json: context.global.json,
    })
  })

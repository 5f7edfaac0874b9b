import type {
  ScreeningEstimate,
  ScreeningJobView,
  ScreeningShowView,
} from '../../shared/contracts/screening'
import { printJson, printTable, type CliIo } from '../cli-io'
import { EXIT } from '../exit-codes'
import { GUESSED_BANK } from '../../core/screening/screening'

/*
 * What `casefile screen`, `screen show` and `screen resume` print: the README's --json shape
 * (`{ job, state, totals, hits, problems, exitCode }`), or lines a person reads.
 */

/**
 * 2 when a row hit; else 3 when any row is not fully checked (partly checked, not checked yet,
 * or not read) or the job still has searches to make (--offline, or the registry gone); 0 only
 * when every row was checked and none hit.
 */
export function screenExitCode(view: ScreeningJobView): number {
  if (view.totals.hits > 0) return EXIT.needsAttention
  if (view.totals.unchecked > 0 || view.state === 'open' || view.state === 'paused')
    return EXIT.offline
  return EXIT.ok
}

/** The row counts in words, the same numbers as --json's totals and the record's summary. */
export function outcomeWords(totals: ScreeningJobView['totals']): string {
  const parts = [
    `${totals.hits} with reports on file`,
    `${totals.clean} no report on file`,
    `${totals.partly} partly checked`,
    `${totals.notChecked} could not be checked`,
    `${totals.unread} could not be read`,
  ]
  return `${totals.rows} rows: ${parts.join(', ')}.`
}

/** "about 8 hours", "about 40 minutes", "about 12 seconds". */
export function durationWords(seconds: number): string {
  if (seconds < 90) return `about ${Math.max(1, Math.round(seconds))} seconds`
  const minutes = Math.round(seconds / 60)
  if (minutes < 90) return `about ${minutes} minutes`
  const hours = seconds / 3600
  return `about ${hours < 10 ? hours.toFixed(1) : Math.round(hours)} hours`
}

/** The estimate in a few lines a person reads before the run starts. */
export function estimateWords(estimate: ScreeningEstimate): string {
  const pace =
    estimate.pace.mode === 'auto'
      ? `at the folder's pace (now ${estimate.pace.rate} a second, rising to at most ${estimate.pace.ceiling} while the registry allows it)`
      : `at ${estimate.pace.rate} searches a second`
  const lines = [
    `Estimate: ${estimate.rows} rows, ${estimate.identifiers} distinct identifiers; ${estimate.searches} searches to send (every spelling of ${estimate.identifiersToSearch} identifiers, each spelling once).`,
    estimate.searches === 0
      ? 'Nothing to search on the registry.'
      : `Time: ${durationWords(estimate.seconds)} ${pace}.`,
  ]
  if (estimate.reusedSearches > 0 || estimate.reusedIdentifiers > 0)
    lines.push(
      `Reuse: ${estimate.reusedIdentifiers} identifiers answered by an earlier screening young enough; ${estimate.reusedSearches} searches saved (${durationWords(estimate.secondsWithoutReuse - estimate.seconds)}).`,
    )
  return lines.join('\n')
}

export function printScreening(
  io: CliIo,
  view: ScreeningShowView,
  exitCode: number,
  options: { json: boolean; note?: string | null; estimate?: ScreeningEstimate },
): void {
  if (options.json) {
    printJson(io, {
      job: view.job,
      state: view.state,
      totals: view.totals,
      hits: view.hits.map((hit) => ({
        row: hit.row,
        type: hit.type,
        value: hit.value,
        matchedAs: hit.matchedAs,
        bankGuessed: hit.bankGuessed,
        asOf: hit.asOf,
        reports: hit.reports.map((r) => ({
          id: r.id,
          fraudType: r.fraudType,
          listingStatus: r.listingStatus,
        })),
        publicReports: hit.publicReports.map((r) => ({ id: r.id })),
      })),
      problems: view.problems.map((p) => ({
        row: p.row,
        column: p.column,
        value: p.value,
        message: p.message,
      })),
      ...(options.estimate ? { estimate: options.estimate } : {}),
      exitCode,
    })
    return
  }
  const { totals } = view
  io.out(
    `Screening job ${view.job} (${view.file}): ${view.state}. ${totals.rows} rows, ${totals.identifiers} distinct identifiers, ${totals.searched} searched on the registry.`,
  )
  io.out(outcomeWords(totals))
  if (view.hits.length > 0)
    printTable(
      io,
      ['ROW', 'TYPE', 'IDENTIFIER', 'MATCHED', 'REPORTS', 'AS OF'],
      view.hits.map((hit) => [
        String(hit.row),
        hit.type,
        hit.bankGuessed ? `${hit.value} (${GUESSED_BANK})` : hit.value,
        hit.matchedAs,
        [
          ...hit.reports.map((r) => `${r.id} ${r.fraudType ?? ''} ${r.listingStatus ?? ''}`.trim()),
          ...hit.publicReports.map((r) => `public ${r.id}`),
        ].join('; '),
        hit.asOf,
      ]),
    )
  for (const problem of view.problems)
    io.err(`Row ${problem.row}, ${problem.cell ?? problem.column}: ${problem.message}`)
  if (options.note) io.err(options.note)
  if (view.state === 'open' && totals.unchecked > 0)
    io.err(`Rows wait for the registry: \`casefile screen resume ${view.job}\` searches them.`)
  if (view.state === 'paused' && totals.unchecked > 0)
    io.err(
      `Searched only this computer's cache: \`casefile screen resume ${view.job}\` asks the registry.`,
    )
}

export function printJobList(io: CliIo, jobs: readonly ScreeningJobView[], json: boolean): void {
  if (json) {
    printJson(
      io,
      jobs.map((job) => ({
        job: job.job,
        file: job.file,
        state: job.state,
        createdAt: job.createdAt,
        totals: job.totals,
      })),
    )
    return
  }
  if (jobs.length === 0) {
    io.out('No screening jobs in this data folder.')
    return
  }
  printTable(
    io,
    ['JOB', 'STATE', 'CREATED', 'ROWS', 'HITS', 'UNCHECKED', 'FILE'],
    jobs.map((job) => [
      String(job.job),
      job.state,
      job.createdAt,
      String(job.totals.rows),
      String(job.totals.hits),
      String(job.totals.unchecked),
      job.file,
    ]),
  )
}

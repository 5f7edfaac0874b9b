/*
 * npm run bench:import: how fast, and in how much memory, a 50,000-row bulk file is imported.
 * Generates a CSV and an XLSX of 50,000 distinct, valid reports in a temp dir, and for each:
 *  - end to end: importSpreadsheet into a fresh data folder, every row drafted and queued
 *    durably in the outbox (synchronous=FULL commits), as the app and `casefile import` do;
 *    targets ≥ 20,000 rows/s CSV, ≥ 10,000 rows/s XLSX, < 300 MB peak RSS growth;
 *  - parse only: importBulkFile (read, check, sort the rows; nothing written), for comparison.
 * Each is run `--rounds N` times (3 by default) after an unmeasured warm-up, encrypted and plain
 * alternating which goes first; the median rate is printed with every run's, and the worst peak
 * RSS growth. Peak RSS growth is sampled every 10 ms and at every progress report. Figures only:
 * timings are never asserted in tests. `--only csv|xlsx` and `--rows N` narrow a run (for
 * profiling). The machine's load changes the figures: run it when `uptime` shows it quiet.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BENCH_BANKS, benchReportRows } from './bulk-fixture'
import { writeCsv } from '../src/core/spreadsheet/csv-writer'
import { writeXlsx } from '../src/core/spreadsheet/xlsx-writer'
import { importBulkFile } from '../src/core/spreadsheet/bulk-file-import'
import { openCore } from '../src/core/open-core'
import { replaceBanks } from '../src/core/banks/banks-cache'
import { importSpreadsheet } from '../src/core/import/import-spreadsheet'
import { pendingCount } from '../src/core/outbox/outbox-repository'

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : undefined
}
const ROWS = Number(argument('rows') ?? 50_000)
const ONLY = argument('only')
const ROUNDS = Number(argument('rounds') ?? 3)
const WARM_UP_ROWS = 2000
const BANKS = BENCH_BANKS
const TARGETS = { csv: 20_000, xlsx: 10_000, rssMb: 300 }
const reportRows = () => benchReportRows(ROWS)

async function measure(run: (onProgress: () => void) => Promise<number>) {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }
  const timer = setInterval(sample, 10)
  const started = performance.now()
  const rows = await run(sample)
  const seconds = (performance.now() - started) / 1000
  clearInterval(timer)
  sample()
  if (rows !== ROWS) throw new Error(`Expected ${ROWS} rows through, got ${rows}`)
  return { seconds, rowsPerSecond: ROWS / seconds, peakGrowthMb: (peak - baseline) / 1024 / 1024 }
}

/** Imports the file into a fresh data folder whose bank list is cached; returns the rows queued. */
async function importIntoOutbox(
  dir: string,
  path: string,
  onProgress: () => void,
  encrypted: boolean,
) {
  const core = openCore({
    dataDir: await mkdtemp(join(dir, 'data-')),
    // An encrypted folder, as the app and the CLI keep; plain only as the baseline.
    folderKey: encrypted ? randomBytes(32) : undefined,
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9/upload' },
    getApiKey: () => undefined,
  })
  try {
    replaceBanks(
      core.db,
      BANKS.map((b, i) => ({ id: `bank-${i}`, ...b })),
      Date.now(),
    )
    const outcome = await importSpreadsheet(core, { path }, { onProgress })
    const pending = pendingCount(core.db)
    if (pending !== outcome.totals.queued)
      throw new Error(`${outcome.totals.queued} rows said queued but ${pending} operations pending`)
    return outcome.totals.queued
  } finally {
    await core.close()
  }
}

type Figures = { seconds: number; rowsPerSecond: number; peakGrowthMb: number }

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The median run (by rate) of several, with the worst peak RSS growth among them. */
function summary(runs: readonly Figures[]): Figures {
  const rate = median(runs.map((r) => r.rowsPerSecond))
  return {
    rowsPerSecond: rate,
    seconds: ROWS / rate,
    peakGrowthMb: Math.max(...runs.map((r) => r.peakGrowthMb)),
  }
}

function line(format: string, size: number, figures: Figures, runs: readonly Figures[]) {
  const each = runs.map((r) => Math.round(r.rowsPerSecond).toLocaleString('en-US')).join(', ')
  return (
    `  ${format.toUpperCase().padEnd(4)} ${(size / 1024 / 1024).toFixed(1).padStart(5)} MB  ` +
    `${figures.seconds.toFixed(2)} s  ${Math.round(figures.rowsPerSecond).toLocaleString('en-US').padStart(7)} rows/s  ` +
    `peak RSS growth ${figures.peakGrowthMb.toFixed(0)} MB  [runs: ${each}]`
  )
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'casefile-import-bench-'))
  try {
    const files = { csv: join(dir, 'bulk.csv'), xlsx: join(dir, 'bulk.xlsx') }
    await writeCsv({ path: files.csv }, reportRows())
    await writeXlsx({ path: files.xlsx }, [{ name: 'Reports', header: true, rows: reportRows() }])
    const formats = (['csv', 'xlsx'] as const).filter((f) => !ONLY || f === ONLY)
    // Warm-up, not measured: the first import in a process compiles the readers, the checks and
    // the statements. Measured cold, whichever ran first paid for it (encrypted, which ran first,
    // looked up to 20 points dearer than it is).
    const warmUp = { csv: join(dir, 'warm.csv'), xlsx: join(dir, 'warm.xlsx') }
    await writeCsv({ path: warmUp.csv }, benchReportRows(WARM_UP_ROWS, { offset: ROWS }))
    await writeXlsx({ path: warmUp.xlsx }, [
      { name: 'Reports', header: true, rows: benchReportRows(WARM_UP_ROWS, { offset: ROWS }) },
    ])
    for (const format of formats)
      for (const encrypted of [true, false])
        await importIntoOutbox(dir, warmUp[format], () => undefined, encrypted)

    console.log(
      `Import of ${ROWS.toLocaleString('en-US')} rows (Node ${process.version}), median of ${ROUNDS} runs each, ` +
        `encrypted and plain runs alternating (after a warm-up of ${WARM_UP_ROWS.toLocaleString('en-US')} rows):`,
    )
    const runs: Record<string, { encrypted: Figures[]; plain: Figures[]; parse: Figures[] }> = {}
    for (const format of formats) runs[format] = { encrypted: [], plain: [], parse: [] }
    for (let round = 0; round < ROUNDS; round++)
      for (const format of formats) {
        const order = round % 2 === 0 ? [true, false] : [false, true]
        for (const encrypted of order) {
          const figures = await measure((onProgress) =>
            importIntoOutbox(dir, files[format], onProgress, encrypted),
          )
          runs[format]?.[encrypted ? 'encrypted' : 'plain'].push(figures)
        }
        runs[format]?.parse.push(
          await measure(async (onProgress) => {
            const result = await importBulkFile(
              { path: files[format] },
              { banks: BANKS, onProgress },
            )
            return result.totals.accepted
          }),
        )
      }

    console.log(
      'End to end (read, check, draft and queue durably in the outbox), encrypted folder as the app keeps it:',
    )
    for (const format of formats) {
      const size = (await stat(files[format])).size
      const all = runs[format]?.encrypted ?? []
      const figures = summary(all)
      const speedOk = figures.rowsPerSecond >= TARGETS[format]
      const memoryOk = figures.peakGrowthMb < TARGETS.rssMb
      console.log(
        `${line(format, size, figures, all)} ` +
          `(target ≥ ${TARGETS[format].toLocaleString('en-US')}: ${speedOk ? 'met' : 'MISSED'}; ` +
          `RSS target < ${TARGETS.rssMb} MB: ${memoryOk ? 'met' : 'MISSED'})`,
      )
    }
    console.log('The same into a plain folder (the cost of encryption; target under 15 %):')
    for (const format of formats) {
      const size = (await stat(files[format])).size
      const all = runs[format]?.plain ?? []
      const figures = summary(all)
      const cost = 1 - summary(runs[format]?.encrypted ?? []).rowsPerSecond / figures.rowsPerSecond
      console.log(
        `${line(format, size, figures, all)} (encryption costs ${(cost * 100).toFixed(1)} %: ${cost < 0.15 ? 'met' : 'MISSED'})`,
      )
    }
    console.log('Parse only (read and check the rows; nothing written, for comparison):')
    for (const format of formats) {
      const size = (await stat(files[format])).size
      const all = runs[format]?.parse ?? []
      console.log(line(format, size, summary(all), all))
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

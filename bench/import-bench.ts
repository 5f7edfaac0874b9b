/*
 * npm run bench:import: how fast, and in how much memory, a 50,000-row bulk file is imported.
 * Generates a CSV and an XLSX of 50,000 distinct, valid reports in a temp dir, and for each:
 *  - end to end: importSpreadsheet into a fresh data folder, every row drafted and queued
 *    durably in the outbox (synchronous=FULL commits), as the app and `casefile import` do;
 *    targets ≥ 20,000 rows/s CSV, ≥ 10,000 rows/s XLSX, < 300 MB peak RSS growth;
 *  - parse only: importBulkFile (read, check, sort the rows; nothing written), for comparison.
 * Peak RSS growth is sampled every 10 ms and at every progress report. Figures only: timings
 * are never asserted in tests. `--only csv|xlsx` and `--rows N` narrow a run (for profiling).
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BENCH_BANKS, benchReportRows } from './bulk-fixture'
import { writeCsv } from '../src/core/spreadsheet/csv-writer'
import { writeXlsx } from '../src/core/spreadsheet/xlsx-writer'
import { importBulkFile } from '../src/core/spreadsheet/bulk-rows'
import { CasefileCore } from '../src/core/casefile-core'
import { replaceBanks } from '../src/core/cache'
import { importSpreadsheet } from '../src/core/import/import-spreadsheet'
import { pendingCount } from '../src/core/outbox/outbox-repository'

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at >= 0 ? process.argv[at + 1] : undefined
}
const ROWS = Number(argument('rows') ?? 50_000)
const ONLY = argument('only')
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
  const core = new CasefileCore({
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

function line(
  format: string,
  size: number,
  figures: { seconds: number; rowsPerSecond: number; peakGrowthMb: number },
) {
  return (
    `  ${format.toUpperCase().padEnd(4)} ${(size / 1024 / 1024).toFixed(1).padStart(5)} MB  ` +
    `${figures.seconds.toFixed(2)} s  ${Math.round(figures.rowsPerSecond).toLocaleString('en-US').padStart(7)} rows/s  ` +
    `peak RSS growth ${figures.peakGrowthMb.toFixed(0)} MB`
  )
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'casefile-import-bench-'))
  try {
    const files = { csv: join(dir, 'bulk.csv'), xlsx: join(dir, 'bulk.xlsx') }
    await writeCsv({ path: files.csv }, reportRows())
    await writeXlsx({ path: files.xlsx }, [{ name: 'Reports', header: true, rows: reportRows() }])
    console.log(`Import of ${ROWS.toLocaleString('en-US')} rows (Node ${process.version})`)
    const formats = (['csv', 'xlsx'] as const).filter((f) => !ONLY || f === ONLY)
    console.log(
      'End to end (read, check, draft and queue durably in the outbox), encrypted folder as the app keeps it:',
    )
    const encryptedRate: Record<string, number> = {}
    for (const format of formats) {
      const size = (await stat(files[format])).size
      const figures = await measure((onProgress) =>
        importIntoOutbox(dir, files[format], onProgress, true),
      )
      encryptedRate[format] = figures.rowsPerSecond
      const speedOk = figures.rowsPerSecond >= TARGETS[format]
      const memoryOk = figures.peakGrowthMb < TARGETS.rssMb
      console.log(
        `${line(format, size, figures)} ` +
          `(target ≥ ${TARGETS[format].toLocaleString('en-US')}: ${speedOk ? 'met' : 'MISSED'}; ` +
          `RSS target < ${TARGETS.rssMb} MB: ${memoryOk ? 'met' : 'MISSED'})`,
      )
    }
    console.log('The same into a plain folder (the cost of encryption; target under 15 %):')
    for (const format of formats) {
      const size = (await stat(files[format])).size
      const figures = await measure((onProgress) =>
        importIntoOutbox(dir, files[format], onProgress, false),
      )
      const cost = 1 - (encryptedRate[format] ?? 0) / figures.rowsPerSecond
      console.log(
        `${line(format, size, figures)} (encryption costs ${(cost * 100).toFixed(1)} %: ${cost < 0.15 ? 'met' : 'MISSED'})`,
      )
    }
    console.log('Parse only (read and check the rows; nothing written, for comparison):')
    for (const format of formats) {
      const size = (await stat(files[format])).size
      const figures = await measure(async (onProgress) => {
        const result = await importBulkFile({ path: files[format] }, { banks: BANKS, onProgress })
        return result.totals.accepted
      })
      console.log(line(format, size, figures))
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

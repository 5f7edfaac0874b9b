/*
 * npm run bench:import: how fast, and in how much memory, a 50,000-row bulk file is imported.
 * Generates a CSV and an XLSX of 50,000 distinct, valid reports in a temp dir, imports each with
 * importBulkFile (streamed from disk), and prints rows per second and the peak growth of the
 * resident set over the run (sampled every 10 ms and at every progress report). Targets:
 * ≥ 20,000 rows/s CSV, ≥ 5,000 rows/s XLSX, < 300 MB peak RSS growth. Figures only: timings are
 * never asserted in tests.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BULK_HEADERS } from '../src/shared/bulk-template'
import { FRAUD_TYPES } from '../src/shared/domain'
import { writeCsv } from '../src/core/spreadsheet/csv-writer'
import { writeXlsx } from '../src/core/spreadsheet/xlsx-writer'
import { importBulkFile } from '../src/core/spreadsheet/bulk-rows'

const ROWS = 50_000
const BANKS = [
  { name: 'Access Bank', slug: 'access-bank', code: '044' },
  { name: 'Guaranty Trust Bank', slug: 'gtbank', code: '058' },
  { name: 'First Bank of Nigeria', slug: 'first-bank', code: '011' },
  { name: 'Zenith Bank', slug: 'zenith-bank', code: '057' },
]
const TARGETS = { csv: 20_000, xlsx: 5_000, rssMb: 300 }

function* reportRows(): Generator<string[]> {
  yield [...BULK_HEADERS]
  const at = (header: string) => BULK_HEADERS.indexOf(header)
  for (let i = 0; i < ROWS; i++) {
    const row = BULK_HEADERS.map(() => '')
    row[at('fraud_type')] = FRAUD_TYPES[i % FRAUD_TYPES.length] ?? 'other'
    row[at('fraud_reason')] =
      `Case ${i}: the subject opened an account with forged documents, received transfers from ${i % 97} victims of a fake investment scheme and moved the funds within hours.`
    row[at('show_uploader_info')] = i % 2 === 0 ? 'true' : 'false'
    row[at('account_number_1')] = String(1_000_000_000 + i)
    row[at('bank_1')] = BANKS[i % BANKS.length]?.name ?? ''
    row[at('bvn')] = String(22_000_000_000 + i)
    row[at('phone')] = `080${String(i).padStart(8, '0')}`
    row[at('email')] = `suspect${i}@example.com`
    if (i % 10 === 0) row[at('attachment_1')] = `https://files.example.com/evidence-${i}.pdf`
    yield row
  }
}

async function measure(path: string) {
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }
  const timer = setInterval(sample, 10)
  const started = performance.now()
  const result = await importBulkFile({ path }, { banks: BANKS, onProgress: sample })
  const seconds = (performance.now() - started) / 1000
  clearInterval(timer)
  sample()
  if (result.totals.accepted !== ROWS)
    throw new Error(`Expected ${ROWS} accepted rows, got ${JSON.stringify(result.totals)}`)
  return { seconds, rowsPerSecond: ROWS / seconds, peakGrowthMb: (peak - baseline) / 1024 / 1024 }
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'casefile-import-bench-'))
  try {
    const files = { csv: join(dir, 'bulk.csv'), xlsx: join(dir, 'bulk.xlsx') }
    await writeCsv({ path: files.csv }, reportRows())
    await writeXlsx({ path: files.xlsx }, [{ name: 'Reports', header: true, rows: reportRows() }])
    console.log(`Import of ${ROWS.toLocaleString('en-US')} rows (Node ${process.version})`)
    for (const format of ['csv', 'xlsx'] as const) {
      const size = (await stat(files[format])).size
      const { seconds, rowsPerSecond, peakGrowthMb } = await measure(files[format])
      const speedOk = rowsPerSecond >= TARGETS[format]
      const memoryOk = peakGrowthMb < TARGETS.rssMb
      console.log(
        `${format.toUpperCase().padEnd(4)} ${(size / 1024 / 1024).toFixed(1).padStart(5)} MB  ` +
          `${seconds.toFixed(2)} s  ${Math.round(rowsPerSecond).toLocaleString('en-US').padStart(7)} rows/s ` +
          `(target ≥ ${TARGETS[format].toLocaleString('en-US')}: ${speedOk ? 'met' : 'MISSED'})  ` +
          `peak RSS growth ${peakGrowthMb.toFixed(0)} MB (target < ${TARGETS.rssMb}: ${memoryOk ? 'met' : 'MISSED'})`,
      )
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

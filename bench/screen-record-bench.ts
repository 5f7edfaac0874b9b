/**
 * The screening record of a large job, measured: time and memory to write every row with its
 * outcome, as CSV and as XLSX.
 *
 *   npx tsx --expose-gc bench/screen-record-bench.ts [-- --rows 20000 --reports 20000]
 *
 * A list of ROWS rows (a name, a phone, an email: two identifiers a row, plus one unreadable
 * cell every 50 rows), a quarter of them on reports in the cache, the rest answered "no report"
 * as a finished online run leaves them. Prints, for each format, the time to write the record,
 * the peak RSS seen while writing it above the RSS before it, and the file's size. Figures only.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openCore } from '../src/core/open-core'
import * as Screening from '../src/core/screening/screening'
import { exportRecord } from '../src/core/screening/screening-record'
import { fillSearchCache } from './offline-search-bench'

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN
  return Number.isFinite(value) ? value : fallback
}
const ROWS = arg('rows', 20_000)
const REPORTS = arg('reports', 20_000)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-record-bench-'))
  const core = openCore({
    dataDir: join(dir, 'folder'),
    folderKey: randomBytes(32),
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9' },
    getApiKey: () => undefined,
  })
  try {
    const filled = fillSearchCache(core.db, { reports: REPORTS })
    const phones = [
      ...new Set(filled.identifiers.filter((i) => i.identifier === 'phone').map((i) => i.value)),
    ]
    const lines = ['Customer,Mobile,E-mail']
    for (let i = 0; i < ROWS; i++) {
      const phone =
        i % 50 === 49
          ? '8.03123E+09'
          : i % 4 === 0 && phones.length > 0
            ? (phones[i % phones.length] as string)
            : `080${String(10_000_000 + i).padStart(8, '0')}`
      lines.push(`Customer ${i},${phone},customer.${i}@bench.example`)
    }
    const path = join(dir, 'list.csv')
    writeFileSync(path, `${lines.join('\n')}\n`)
    let started = performance.now()
    const job = await Screening.startScreening(
      core,
      { kind: 'table', fileName: 'list.csv', table: { path } },
      {
        offline: true,
        mapping: [
          { column: 1, type: 'phone' },
          { column: 2, type: 'email' },
        ],
      },
    )
    // What a finished online run leaves: every identifier the cache did not answer, searched.
    core.db
      .prepare(
        `UPDATE screening_identifiers SET state = 'done', source = 'online', checked_at = ?
         WHERE job_id = ? AND checked_at IS NULL`,
      )
      .run(Date.now(), job)
    const { totals } = Screening.jobView(core, job)
    console.log(
      `job: ${totals.rows} rows, ${totals.identifiers} identifiers, ${totals.hits} rows hit, ${totals.unchecked} unchecked (set up in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    )
    for (const format of ['csv', 'xlsx'] as const) {
      ;(globalThis as { gc?: () => void }).gc?.()
      const before = process.memoryUsage().rss
      let peak = before
      const sample = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss)
      }, 5)
      const out = join(dir, `record.${format}`)
      started = performance.now()
      const { rows } = await exportRecord(core, job, { path: out }, format)
      const ms = performance.now() - started
      clearInterval(sample)
      peak = Math.max(peak, process.memoryUsage().rss)
      console.log(
        `${format}: ${rows} rows in ${ms.toFixed(0)} ms (${Math.round(rows / (ms / 1000))} rows/s); RSS ${mb(before)} before, peak +${mb(peak - before)} while writing; file ${mb(statSync(out).size)}`,
      )
    }
    console.log(`process max RSS over the whole run: ${mb(process.resourceUsage().maxRSS * 1024)}`)
  } finally {
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

void main()

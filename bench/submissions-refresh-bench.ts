/**
 * The submissions refresh at an organization's size (issue 37): 24,000 own reports on the
 * registry, 100,000 reports in the cache.
 *
 *   npm run bench:submissions [-- --own 24000 --cached 100000 --skip-registry]
 *
 * 1. Writing a page of 100 reports over the full cache: read again as they were (what a full
 *    pass mostly does) and new, in one transaction (as before) and in slices (as the refresh
 *    writes now): the longest synchronous step of each.
 * 2. Against the sandbox in its own process: a full pass over 24,000, then a refresh after 10
 *    new reports: pages read, time, the event loop's delay and its longest step meanwhile.
 *
 * Prints figures only; it asserts nothing about speed.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { fillSearchCache } from './offline-search-bench'
import { startSandboxChild } from './load/sandbox-child'
import { fileOwnReports } from './load/load-fixtures'
import {
  CACHED_REPORT_COLUMNS,
  toCachedReport,
  upsertRegistryReports,
} from '../src/core/cache/reports-cache'
import { runSubmissionsRefresh } from '../src/core/submissions/refresh-submissions'
import { createRegistryClient } from '../src/core/registry/registry-client'
import { openDatabase, type Db } from '../src/core/store/open-database'
import { startWalCheckpointer } from '../src/core/store/wal-checkpointer'
import type { ReportRecord } from '../src/shared/domain/responses'

const { values } = parseArgs({
  options: {
    own: { type: 'string', default: '24000' },
    cached: { type: 'string', default: '100000' },
    'skip-registry': { type: 'boolean', default: false },
  },
})
const OWN = Number(values.own)
const CACHED = Number(values.cached)
const PAGES_MEASURED = 20

const ms = (n: number) => `${n.toFixed(1)} ms`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const max = (xs: number[]) => Math.max(...xs)

/** This thread's CPU time in ms (not the process's: the checkpointer and GC threads are apart). */
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage()
  return (user + system) / 1000
}

interface Step {
  /** Wall time: what the window waited, on this machine as loaded as it is now. */
  wall: number
  /** This thread's CPU time in it: what the step costs on a core of its own. */
  cpu: number
}

/**
 * The longest the event loop went without a turn while `work` ran (its longest synchronous
 * step), by the wall clock and by this thread's CPU time.
 */
async function longestStep(work: () => Promise<unknown>): Promise<Step> {
  let last = performance.now()
  let lastCpu = threadCpuMs()
  const longest: Step = { wall: 0, cpu: 0 }
  let running = true
  const tick = () => {
    const now = performance.now()
    const cpu = threadCpuMs()
    longest.wall = Math.max(longest.wall, now - last)
    longest.cpu = Math.max(longest.cpu, cpu - lastCpu)
    last = now
    lastCpu = cpu
    if (running) setImmediate(tick)
  }
  setImmediate(tick)
  await work()
  running = false
  // The step that ended the work is counted at the next turn.
  await new Promise((resolve) => setImmediate(resolve))
  return longest
}

type Writer = (records: ReportRecord[], seenAt: number) => Promise<unknown>

async function pageWrites(db: Db) {
  const rows = db
    .prepare(
      `SELECT ${CACHED_REPORT_COLUMNS} FROM cached_reports r
       WHERE own = 1 AND kind = 'report' ORDER BY created_at DESC LIMIT ?`,
    )
    .all(PAGES_MEASURED * 100) as Parameters<typeof toCachedReport>[0][]
  const records = rows.map((row) => toCachedReport(row).record as ReportRecord)
  // The refresh's own writer where this version has one (the bench also runs on older code).
  const sliced = await import('../src/core/cache/sliced-upsert').catch(() => null)
  const writers: [string, Writer][] = [
    [
      'one transaction',
      async (page, seenAt) => upsertRegistryReports(db, 'report', page, { own: true, seenAt }),
    ],
  ]
  if (sliced)
    writers.push([
      'in slices (the refresh)',
      (page, seenAt) =>
        sliced.upsertRegistryReportsInSlices(db, 'report', page, { own: true, seenAt }),
    ])
  const figures = new Map(
    writers.map(([name]) => [name, { again: [] as Step[], fresh: [] as Step[] }]),
  )
  for (let p = 0; p < PAGES_MEASURED; p++) {
    const page = records.slice(p * 100, p * 100 + 100)
    // Alternate which writer goes first, so neither always meets a warmer cache.
    const order = p % 2 === 0 ? writers : [...writers].reverse()
    for (const [name, write] of order) {
      const figure = figures.get(name)!
      const seenAt = Date.now()
      figure.again.push(await longestStep(() => write(page, seenAt)))
      const fresh = page.map((r) => ({ ...r, id: `${r.id}_${name.length}_${p}` }))
      figure.fresh.push(await longestStep(() => write(fresh, seenAt)))
    }
  }
  console.log(
    `Longest synchronous step writing a page of 100 reports over ${CACHED.toLocaleString('en-GB')} cached (${PAGES_MEASURED} pages; median / max, wall clock | this thread's CPU):`,
  )
  for (const [name, { again, fresh }] of figures) {
    console.log(`  ${name}, read again as they were: ${steps(again)}`)
    console.log(`  ${name}, new reports:             ${steps(fresh)}`)
  }
  console.log(`  (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`)
}

const steps = (xs: Step[]) => {
  const wall = xs.map((x) => x.wall)
  const cpu = xs.map((x) => x.cpu)
  return `${ms(median(wall))} / ${ms(max(wall))} | ${ms(median(cpu))} / ${ms(max(cpu))}`
}

async function refreshes(db: Db) {
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-refresh-bench-sbx-'))
  const sandbox = await startSandboxChild({ port: 0, dataDir })
  const key = sandbox.demoKeys[0]?.key ?? ''
  let requests = 0
  const client = createRegistryClient(
    { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    { getApiKey: () => key, timeoutMs: 60_000, uploadTimeoutMs: 120_000 },
  )
  const counted = {
    listSubmissions: (...args: Parameters<typeof client.listSubmissions>) => {
      requests++
      return client.listSubmissions(...args)
    },
  }
  const file = (from: number, count: number) => fileOwnReports(client, from, count)
  try {
    const seeded = performance.now()
    const run = async (label: string, full = false) => {
      const delay = monitorEventLoopDelay({ resolution: 5 })
      delay.enable()
      const before = requests
      const t = performance.now()
      let mode = ''
      const step = await longestStep(async () => {
        mode = (await runSubmissionsRefresh(db, counted, { now: Date.now(), full })).mode
      })
      delay.disable()
      console.log(
        `  ${label}: ${mode}, ${requests - before} pages read, ${((performance.now() - t) / 1000).toFixed(1)} s; event loop delay p99 ${ms(delay.percentile(99) / 1e6)}; longest step ${ms(step.wall)} wall, ${ms(step.cpu)} CPU (load average ${loadavg()[0]!.toFixed(1)})`,
      )
    }
    // First contact with the organization: its flag moves over the whole cache once (apart,
    // so the full pass below is what a refresh does every day).
    await file(0, 1)
    console.log('')
    await run('first contact with the organization (1 report)')
    await file(1, OWN - 1)
    console.log(
      `The sandbox holds ${OWN.toLocaleString('en-GB')} of the organization's reports (filed in ${((performance.now() - seeded) / 1000).toFixed(0)} s).`,
    )
    await run('full pass', true)
    await file(OWN, 10)
    await run('second refresh, 10 new')
  } finally {
    await sandbox.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-refresh-bench-'))
  const key = randomBytes(32)
  const path = join(dir, 'casefile.db')
  const db = openDatabase(path, key)
  // As the core runs: checkpoints in their own thread, not on the one measured.
  const checkpointer = startWalCheckpointer(db, path, key)
  try {
    const t = performance.now()
    // The organization's own share, so the cache is as a full refresh leaves it.
    fillSearchCache(db, { reports: CACHED, ownShare: OWN / CACHED })
    console.log(
      `Cache filled with ${CACHED.toLocaleString('en-GB')} reports in ${((performance.now() - t) / 1000).toFixed(0)} s (encrypted folder).`,
    )
    await pageWrites(db)
    if (!values['skip-registry']) {
      // The registry's reports are other ids: start the organization's copy afresh, others kept.
      db.prepare(`DELETE FROM cached_reports WHERE own = 1`).run()
      await refreshes(db)
    }
  } finally {
    await checkpointer?.close()
    db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

void main()

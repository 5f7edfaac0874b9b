// Two `casefile watch check` runs on one data folder at once (two schedulers, or a scheduler and
// the app), against the sandbox registry with another organization filing on the watched
// identifiers: nothing crashes, no check is lost, and every report filed is raised exactly once
// across the runs, each alert printed by the run that raised it (issue 36, item 1).
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { openCore } from '../../src/core/open-core'
import { applyKey } from '../../src/core/store/open-database'
import { checkDue } from '../../src/core/watchlist/watch-check'
import { runWatchlist } from '../../src/core/watchlist/watch-runs'
import type { AlertRow } from '../../src/core/watchlist/watch-store'
import * as Watchlist from '../../src/core/watchlist/watchlist'
import { TEST_FOLDER_KEY_ENV, inspector, uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile as runInProcess, sandboxFolder } from './cli-harness'
import { useBuiltCasefile } from './built-casefile'

const FOLDER_KEY = Buffer.from(TEST_FOLDER_KEY_ENV.CASEFILE_DB_KEY, 'hex')
const registry = useSandbox()
const DAY = 24 * 60 * 60 * 1000
const ITEMS = 12
const env = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const built = useBuiltCasefile(env)
const runCasefile = (args: string[]) => runInProcess(args, env())

function coreAt(dataDir: string, offsetMs: number) {
  return openCore({
    dataDir,
    folderKey: FOLDER_KEY,
    connection: { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
    getApiKey: () => registry.key,
    clock: { now: () => Date.now() + offsetMs },
  })
}

/** What the folder holds: every alert (value, kind, report) and the items' last checks. */
function onDisk(dataDir: string) {
  const db = new Database(join(dataDir, 'casefile.db'), { readonly: true, fileMustExist: true })
  try {
    applyKey(db, FOLDER_KEY)
    const alerts = db
      .prepare('SELECT id, value, kind, report_id AS reportId FROM watch_alerts ORDER BY id')
      .all() as { id: number; value: string; kind: string; reportId: string }[]
    const items = db
      .prepare('SELECT value, last_checked_at, claim_token FROM watch_items ORDER BY id')
      .all() as { value: string; last_checked_at: number; claim_token: string | null }[]
    return { alerts, items }
  } finally {
    db.close()
  }
}

/**
 * A folder watching ITEMS BVNs, first checked two days ago; since then another organization
 * filed two reports on each: every item is due, each with two new reports.
 */
async function watchedFolder(): Promise<{ dataDir: string; filed: Set<string> }> {
  const dataDir = await sandboxFolder(runCasefile, registry.sandbox)
  // Checks one a second: the pace the runs keep (casefile watch settings --budget).
  expect(
    (await runCasefile(['watch', 'settings', '--budget', '3600', '--data-dir', dataDir])).code,
  ).toBe(0)
  const stamp = String(Date.now()).slice(-6)
  const values = Array.from({ length: ITEMS }, (_, i) => `22${String(i).padStart(3, '0')}${stamp}`)
  const seeding = coreAt(dataDir, -2 * DAY)
  Watchlist.addNormalized(
    seeding,
    values.map((value) => ({ type: 'bvn', value })),
    { random: () => 0 },
  )
  expect(await checkDue(seeding, { all: true })).toMatchObject({ checked: ITEMS, alerts: [] })
  await seeding.close()
  const other = inspector(registry.sandbox, registry.otherKey)
  const filed = new Set<string>()
  for (const value of values)
    for (let n = 0; n < 2; n++) {
      const report = await other.createReport({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('watch-concurrent'),
        identifiers: [
          { label: 'bvn', value },
          { label: 'email', value: `mule${n}.${value}@example.com` },
        ],
        attachments: [],
        showUploaderInfo: true,
      })
      filed.add(`${value} ${report.id}`)
    }
  return { dataDir, filed }
}

interface PrintedRun {
  checked: number
  alerts: { id: number; value: string; kind: string; reportId: string }[]
  exitCode: number
}

describe('two watch checks on one folder at once', () => {
  it('two scheduled runs: neither crashes, every report is raised once and printed by the run that raised it', async () => {
    const { dataDir, filed } = await watchedFolder()
    const args = ['watch', 'check', '--json', '--data-dir', dataDir]
    const runs = [built(args), built(args)]
    const ends = await Promise.all(runs.map((run) => run.exited))
    const printed = runs.map((run) => JSON.parse(run.stdout()) as PrintedRun)
    for (const [i, end] of ends.entries()) {
      expect(runs[i]!.stderr()).not.toMatch(/busy/)
      expect(end).toEqual({ code: printed[i]!.exitCode, signal: null })
      expect([EXIT.ok, EXIT.needsAttention]).toContain(end.code)
    }
    // Each item checked by one run or the other, not both.
    expect(printed[0]!.checked + printed[1]!.checked).toBe(ITEMS)
    const all = printed.flatMap((run) => run.alerts)
    expect(all.every((a) => a.kind === 'new_report')).toBe(true)
    expect(all.map((a) => `${a.value} ${a.reportId}`).sort()).toEqual([...filed].sort())
    // What was printed is what the folder holds: no alert recorded and left unsaid.
    const disk = onDisk(dataDir)
    expect(disk.alerts.map((a) => a.id).sort()).toEqual(all.map((a) => a.id).sort())
    expect(disk.items.every((i) => i.claim_token === null)).toBe(true)
  }, 90_000)

  it("the app's watcher and a scheduled run: neither crashes, every report is raised once", async () => {
    const { dataDir, filed } = await watchedFolder()
    const start = Date.now()
    const app = coreAt(dataDir, 0)
    const raised: AlertRow[] = []
    const failures: unknown[] = []
    const logged = console.error
    console.error = (...args: unknown[]) => failures.push(args)
    const watcher = runWatchlist(app, { budget: 3600, onAlerts: (a) => raised.push(...a) })
    const scheduled = built(['watch', 'check', '--json', '--data-dir', dataDir])
    try {
      const end = await scheduled.exited
      const printed = JSON.parse(scheduled.stdout()) as PrintedRun
      expect(scheduled.stderr()).not.toMatch(/busy/)
      expect(end).toEqual({ code: printed.exitCode, signal: null })
      expect([EXIT.ok, EXIT.needsAttention]).toContain(end.code)
      // The watcher goes on with what the run left (one a second).
      const deadline = Date.now() + 60_000
      while (onDisk(dataDir).items.some((i) => i.last_checked_at < start)) {
        if (Date.now() > deadline) throw new Error('The watcher did not check every item.')
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      await watcher.stop()
      expect(failures).toEqual([])
      const all = [
        ...printed.alerts.map((a) => `${a.value} ${a.reportId}`),
        ...raised.map((a) => `${a.value} ${a.report_id}`),
      ]
      expect(all.sort()).toEqual([...filed].sort())
      expect(onDisk(dataDir).alerts.length).toBe(filed.size)
    } finally {
      console.error = logged
      await watcher.stop()
      await app.close()
    }
  }, 90_000)
})

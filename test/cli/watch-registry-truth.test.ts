// `casefile watch check` judged against what really happened on the registry (the sandbox, with
// another organization filing, updating and unlisting through its API) rather than against
// Casefile's own rule (issue 36): a report filed between an import and an item's first check,
// an identifier taken off a report that stays listed, and a 429 in the middle of `--all`.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { applyKey } from '../../src/core/store/open-database'
import type { ReportInput } from '../../src/shared/domain/report-input'
import { TEST_FOLDER_KEY_ENV, inspector, uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile as runInProcess, sandboxFolder, tempFolder } from './cli-harness'
import { useBuiltCasefile } from './built-casefile'

const FOLDER_KEY = Buffer.from(TEST_FOLDER_KEY_ENV.CASEFILE_DB_KEY, 'hex')
const registry = useSandbox()
const env = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const runCasefile = (args: string[]) => runInProcess(args, env())
const built = useBuiltCasefile(env)
const other = () => inspector(registry.sandbox, registry.otherKey)
afterEach(() => registry.sandbox.clearFaults())

let serial = 0
/** A BVN no other test files on. */
const bvn = () => `23${String(++serial).padStart(3, '0')}${String(Date.now()).slice(-6)}`

const input = (identifiers: ReportInput['identifiers']): ReportInput => ({
  fraudType: 'money_mule',
  fraudReason: uniqueReason('watch-truth'),
  identifiers,
  attachments: [],
  showUploaderInfo: true,
})

/** A folder on the sandbox whose checks go one a second (the pace a run keeps). */
async function folder(): Promise<string[]> {
  const dataDir = await sandboxFolder(runCasefile, registry.sandbox)
  const at = ['--data-dir', dataDir]
  expect((await runCasefile(['watch', 'settings', '--budget', '3600', ...at])).code).toBe(0)
  return at
}

interface CheckJson {
  checked: number
  alerts: { kind: string; reportId: string; value: string }[]
  exitCode: number
  remaining: number
}

async function checkAll(at: string[]): Promise<CheckJson> {
  const run = await runCasefile(['watch', 'check', '--all', '--json', ...at])
  const json = run.json() as CheckJson
  expect(run.code).toBe(json.exitCode)
  return json
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("an item's baseline is the registry as it was when the item was added", () => {
  it('a report filed after `watch import` and before the first check is an alert that says so; one filed before is not', async () => {
    const at = await folder()
    const [early, filedOn, quiet] = [bvn(), bvn(), bvn()]
    const before = await other().createReport(input([{ label: 'bvn', value: early }]))
    // More than the clock's margin (a second) between the report and the add.
    await pause(2_500)
    const list = join(tempFolder('casefile-watch-'), 'watch.csv')
    writeFileSync(list, `type,value\nbvn,${early}\nbvn,${filedOn}\nbvn,${quiet}\n`)
    const imported = await runCasefile(['watch', 'import', list, ...at])
    expect(imported.code).toBe(0)
    // Filed 35 minutes after the import in the issue; here, at once: the first checks of an
    // imported list are spread over the day, so none has happened yet.
    const after = await other().createReport(input([{ label: 'bvn', value: filedOn }]))

    const first = await checkAll(at)
    expect(first.alerts.map((a) => [a.kind, a.reportId, a.value])).toEqual([
      ['new_report', after.id, filedOn],
    ])
    expect(first).toMatchObject({ checked: 3, exitCode: EXIT.needsAttention, remaining: 0 })
    expect(first.alerts.some((a) => a.reportId === before.id)).toBe(false)
    const table = await runCasefile(['watch', 'alerts', ...at])
    expect(table.stdout).toContain(
      '  Fraud type: Money mule\n  Filed after this identifier was added to the watchlist, before its first check',
    )
    // Checked again with nothing new: nothing.
    expect((await checkAll(at)).alerts).toEqual([])
  }, 60_000)
})

describe('an identifier taken off a report that stays listed', () => {
  it('is identifier_removed, put back identifier_added; a report really unlisted is still unlisted', async () => {
    const at = await folder()
    const watched = bvn()
    const emailOf = (n: number) => `holder${n}.${watched}@example.com`
    const kept = input([
      { label: 'bvn', value: watched },
      { label: 'email', value: emailOf(1) },
    ])
    const edited = await other().createReport(kept)
    const unlisted = await other().createReport(
      input([
        { label: 'bvn', value: watched },
        { label: 'email', value: emailOf(2) },
      ]),
    )
    // On file before the item is added (by more than the clock's margin): its baseline.
    await pause(2_500)
    await runCasefile(['watch', 'add', '--type', 'bvn', watched, ...at])
    expect((await checkAll(at)).alerts).toEqual([])

    // The filer takes the BVN off one report (it stays listed) and unlists the other.
    await other().updateReport(edited.id, { ...kept, identifiers: [kept.identifiers[1]!] })
    await other().unlistReport(unlisted.id)
    const registryNow = await other().searchReports({ identifier: 'email', value: emailOf(1) })
    expect(registryNow.reports.map((r) => [r.id, r.listingStatus])).toEqual([[edited.id, 'listed']])
    const second = await checkAll(at)
    expect(second.alerts.map((a) => [a.kind, a.reportId]).sort()).toEqual(
      [
        ['identifier_removed', edited.id],
        ['unlisted', unlisted.id],
      ].sort(),
    )
    const table = await runCasefile(['watch', 'alerts', ...at])
    // Each alert a few lines, its first "Alert N (State): Kind: …".
    const block = table.stdout
      .split(/\n(?=Alert )/)
      .find((b) => b.includes('Identifier taken off:'))
    expect(block).toContain('Identifier taken off the report (the report is still listed)')
    expect(block).not.toContain('Unlisted')
    // Not said again while it stays off.
    expect((await checkAll(at)).alerts).toEqual([])

    // Put back.
    await other().updateReport(edited.id, kept)
    const third = await checkAll(at)
    expect(third.alerts.map((a) => [a.kind, a.reportId])).toEqual([['identifier_added', edited.id]])
    const words = await runCasefile(['watch', 'alerts', ...at])
    expect(words.stdout).toContain('Identifier put back on the report')
  }, 60_000)
})

/** Each item's last check, as the folder holds it. */
function lastChecks(dataDir: string): number[] {
  const db = new Database(join(dataDir, 'casefile.db'), { readonly: true, fileMustExist: true })
  try {
    applyKey(db, FOLDER_KEY)
    return (
      db.prepare('SELECT last_checked_at AS at FROM watch_items').all() as { at: number | null }[]
    ).map((r) => r.at ?? 0)
  } finally {
    db.close()
  }
}

describe('watch check --all and the registry asking for a pause', () => {
  it('waits out a Retry-After in the middle of the run and checks every item, at the pace the settings say', async () => {
    const at = await folder()
    const values = Array.from({ length: 6 }, () => bvn())
    for (const value of values) await runCasefile(['watch', 'add', '--type', 'bvn', value, ...at])
    const filed = new Set<string>()
    for (const value of values)
      filed.add(`${value} ${(await other().createReport(input([{ label: 'bvn', value }]))).id}`)
    const searchesBefore = registry.sandbox.faultState().counters.requests.search
    const run = built(['watch', 'check', '--all', '--json', ...at])
    // Two checks answered, then the registry answers the next search 429, Retry-After 2 s.
    const deadline = Date.now() + 20_000
    while (registry.sandbox.faultState().counters.requests.search < searchesBefore + 2) {
      if (Date.now() > deadline) throw new Error('The run did not search.')
      await pause(20)
    }
    registry.sandbox.setFaults([
      { kind: 'rate_limit', route: 'search', count: 1, retryAfterSeconds: 2 },
    ])
    const end = await run.exited
    const json = JSON.parse(run.stdout()) as CheckJson
    expect(registry.sandbox.faultState().counters.injected.rate_limit).toBe(1)
    expect(json.alerts.map((a) => `${a.value} ${a.reportId}`).sort()).toEqual([...filed].sort())
    expect(json).toMatchObject({ checked: 6, remaining: 0, exitCode: EXIT.needsAttention })
    expect(end.code).toBe(EXIT.needsAttention)
    // One check a second at most (3,600 an hour), as `watch settings` says.
    const times = lastChecks(at[1]!).sort((a, b) => a - b)
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1_000)
  }, 60_000)

  it('stops at a Retry-After longer than it waits, exits 3 and says how many remain', async () => {
    const at = await folder()
    const values = Array.from({ length: 3 }, () => bvn())
    for (const value of values) await runCasefile(['watch', 'add', '--type', 'bvn', value, ...at])
    registry.sandbox.setFaults([
      { kind: 'rate_limit', route: 'search', count: 1, retryAfterSeconds: 3600 },
    ])
    const run = await runCasefile(['watch', 'check', '--all', ...at])
    expect(run.code).toBe(EXIT.offline)
    expect(run.stdout).toMatch(/^0 checked/)
    expect(run.stderr).toMatch(/longer than this run waits \(300 s in all\)/)
    expect(run.stderr).toMatch(/3 watched items not checked, still due/)
  }, 30_000)
})

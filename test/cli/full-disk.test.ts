// A full disk under `casefile` (issue 24, item 10): said as full, never as a wrong key and never
// as a stack trace; nothing half-written; an import lists what it queued before the disk filled.
// The disk is real: a small tmpfs as root (here and in CI), else a file-size limit (prlimit) on
// the `casefile` process; see test/support/small-disk.ts. The command that meets the full disk
// runs as its own process (the built bundle), as a user runs it.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { applyKey } from '../../src/core/store/open-database'
import {
  inspector,
  openTestCore,
  TEST_FOLDER_KEY_ENV,
  uniqueReason,
} from '../support/core-with-sandbox'
import { smallDisk, type SmallDisk } from '../support/small-disk'
import { useSandbox } from '../support/use-sandbox'
import { PDF_BYTES } from '../support/temp-store'
import { runCasefile as runInProcess, STACK_TRACE, tempFolder } from './cli-harness'

const BIN = join(__dirname, '..', '..', 'bin', 'casefile.mjs')
const FOLDER_KEY = Buffer.from(TEST_FOLDER_KEY_ENV.CASEFILE_DB_KEY, 'hex')
const registry = useSandbox()
const withKeys = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })

// Made when the file loads, so the tests' names say which mechanism they ran on.
const disk: SmallDisk = smallDisk(64 * 1024 * 1024)
afterAll(() => disk.dispose())

// An import commits 5,000 rows at a time, about 4.7 MB of database each (and as much of WAL
// until it is checkpointed): 10 MB of room takes one or two batches of three, never all.
const ROWS = 15_000
const ROOM_FOR_ABOUT_TWO_BATCHES = 10 * 1024 * 1024

/** What a full disk is called: the disk's own words on a tmpfs, the write refused under prlimit. */
const saysFull = () =>
  disk.mechanism === 'tmpfs'
    ? /The disk holding the data folder .+ is full \(.+ free\)\. Free some space/
    : /Casefile could not write to the data folder .+(: a disk quota or a limit on file sizes| \(a disk I\/O error)/

/** Runs `casefile` as its own process on the disk as filled (under prlimit in the fallback). */
function casefile(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const [command, argv] = disk.wrap(process.execPath, [BIN, ...args])
  const child = spawn(command, argv, {
    env: { ...process.env, ...withKeys() },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })))
}

const run = (args: string[]) => runInProcess(args, withKeys())

/** A data folder on the small disk, set up to sync with the sandbox. */
async function folderOnDisk(): Promise<string> {
  const dataDir = join(disk.dir, `cases-${randomBytes(4).toString('hex')}`)
  mkdirSync(dataDir)
  const set = await run([
    'config',
    'set',
    '--base-url',
    registry.sandbox.baseUrl,
    '--upload-url',
    registry.sandbox.uploadUrl,
    '--data-dir',
    dataDir,
  ])
  expect(set.code, set.stderr).toBe(EXIT.ok)
  return dataDir
}

/** A spreadsheet (off the small disk) of `reasons.length` reports, one phone each. */
function spreadsheet(reasons: readonly string[]): string {
  const file = join(tempFolder(), 'cases.csv')
  const rows = reasons.map(
    (reason, i) => `money_mule,"${reason}",0803${String(i).padStart(7, '0')}`,
  )
  writeFileSync(file, ['fraud_type,fraud_reason,phone', ...rows].join('\n'))
  return file
}

function query<T>(dataDir: string, sql: string): T[] {
  const db = new Database(join(dataDir, 'casefile.db'), { readonly: true, fileMustExist: true })
  try {
    applyKey(db, FOLDER_KEY)
    return db.prepare(sql).all() as T[]
  } finally {
    db.close()
  }
}

/** How many times the registry holds each of `reasons` (one pass over the submissions). */
async function onRegistry(reasons: readonly string[]): Promise<number[]> {
  const client = inspector(registry.sandbox, registry.key)
  const counts = new Map<string, number>()
  for (let page = 1; ; page++) {
    const { data, meta } = await client.listSubmissions({ page, limit: 100 })
    for (const record of data)
      counts.set(record.fraudReason ?? '', (counts.get(record.fraudReason ?? '') ?? 0) + 1)
    if (data.length === 0 || page * meta.limit >= meta.total) break
  }
  return reasons.map((reason) => counts.get(reason) ?? 0)
}

/**
 * Syncs the folder until nothing moves, in this process with fast retries: a create whose answer
 * was not recorded is reconciled after 0.4 s instead of the command's 30 s.
 */
async function syncToTheEnd(dataDir: string): Promise<void> {
  const core = openTestCore(registry.sandbox, {
    dataDir,
    folderKey: FOLDER_KEY,
    key: () => registry.key,
  })
  try {
    await core.engine.runUntilIdle()
  } finally {
    await core.close()
  }
}

function expectPlainFailure(result: { code: number | null; stdout: string; stderr: string }) {
  const output = result.stdout + result.stderr
  expect(output).not.toMatch(STACK_TRACE)
  expect(output).not.toMatch(/SqliteError|does not open with the key|set-aside|key import/)
  expect(result.code).toBe(EXIT.usage)
}

describe(`a full disk (${disk.mechanism})`, () => {
  it('before a sync: said as full, never as a wrong key; the folder syncs once there is room', async () => {
    const dataDir = await folderOnDisk()
    const reasons = [uniqueReason('full-before-a'), uniqueReason('full-before-b')]
    expect((await run(['import', spreadsheet(reasons), '--data-dir', dataDir])).code).toBe(EXIT.ok)
    disk.fill(0)
    try {
      for (const args of [['sync'], ['outbox']]) {
        const result = await casefile([...args, '--data-dir', dataDir])
        expectPlainFailure(result)
        expect(result.stderr).toMatch(saysFull())
        expect(result.stderr).toMatch(/Nothing in the folder was changed\./)
      }
    } finally {
      disk.unfill()
    }
    const sync = await casefile(['sync', '--until-idle', '--data-dir', dataDir])
    expect(sync.code, sync.stderr).toBe(EXIT.ok)
    expect(await onRegistry(reasons)).toEqual([1, 1])
  })

  it('filling during a sync: the sync stops with the message, no trace; nothing is lost or sent twice', async () => {
    const dataDir = await folderOnDisk()
    const reasons = Array.from({ length: 60 }, (_, i) => uniqueReason(`full-during-${i}`))
    expect((await run(['import', spreadsheet(reasons), '--data-dir', dataDir])).code).toBe(EXIT.ok)
    disk.fill(96 * 1024, dataDir)
    let result
    try {
      result = await casefile(['sync', '--until-idle', '--data-dir', dataDir])
    } finally {
      disk.unfill()
    }
    expectPlainFailure(result)
    expect(result.stderr).toMatch(saysFull())
    expect(result.stdout).not.toMatch(/Sent \d+/)
    // It stopped part-way: some reports went before the disk filled, not all.
    const before = await onRegistry(reasons)
    expect(before.some((n) => n === 1)).toBe(true)
    expect(before.some((n) => n === 0)).toBe(true)
    // With room again, the next sync finishes: each report once, those in flight reconciled.
    await syncToTheEnd(dataDir)
    expect(await onRegistry(reasons)).toEqual(reasons.map(() => 1))
    expect(
      query<{ n: number }>(dataDir, "SELECT count(*) AS n FROM operations WHERE state != 'done'"),
    ).toEqual([{ n: 0 }])
  })

  it('an import lists what it queued before the disk filled, and only that is queued', async () => {
    const dataDir = await folderOnDisk()
    const reasons = Array.from(
      { length: ROWS },
      (_, i) =>
        `Import row ${i} ${randomBytes(6).toString('hex')}: the customer was tricked into sending money to a fake agent.`,
    )
    const file = spreadsheet(reasons)
    disk.fill(ROOM_FOR_ABOUT_TWO_BATCHES, dataDir)
    let result
    try {
      result = await casefile(['import', file, '--json', '--data-dir', dataDir])
    } finally {
      disk.unfill()
    }
    expect(result.stderr).not.toMatch(STACK_TRACE)
    expect(result.code, result.stderr).toBe(EXIT.usage)
    const outcome = JSON.parse(result.stdout)
    expect(outcome.exitCode).toBe(EXIT.usage)
    // Part-way: some batches committed before the disk filled, not all.
    expect(outcome.totals.queued).toBeGreaterThan(0)
    expect(outcome.totals.queued).toBeLessThan(reasons.length)
    expect(outcome.totals.queued + outcome.totals.rejected).toBe(reasons.length)
    expect(outcome.queued).toHaveLength(outcome.totals.queued)
    const stop = outcome.fileProblems.find((p: { code: string }) => p.code === 'import_stopped')
    expect(stop.message).toMatch(/^The import stopped at row \d+: /)
    expect(stop.message).toMatch(
      /import the file again then, and the rows already queued are recognised and skipped/,
    )
    expect(outcome.rejected.every((r: { reason: string }) => r.reason === 'not_queued')).toBe(true)
    // What it listed is exactly what the outbox holds, each with its create.
    const held = query<{ local_id: string }>(
      dataDir,
      "SELECT r.local_id FROM reports r JOIN operations o ON o.chain_id = r.local_id AND o.kind = 'create_report'",
    ).map((row) => row.local_id)
    expect(new Set(held)).toEqual(
      new Set(outcome.queued.map((row: { localId: string }) => row.localId)),
    )
    expect(query<{ n: number }>(dataDir, 'SELECT count(*) AS n FROM reports')).toEqual([
      { n: held.length },
    ])

    // With room again, importing the file again queues the rest, once.
    const again = await run(['import', file, '--json', '--data-dir', dataDir])
    expect(again.json().totals.queued).toBe(reasons.length - outcome.totals.queued)
    expect(query<{ n: number }>(dataDir, 'SELECT count(*) AS n FROM reports')).toEqual([
      { n: reasons.length },
    ])
  })

  it('the text of a stopped import names the rows queued and the rows not', async () => {
    const dataDir = await folderOnDisk()
    const reasons = Array.from(
      { length: ROWS },
      (_, i) =>
        `Text row ${i} ${randomBytes(6).toString('hex')}: the customer was tricked into sending money to a fake agent.`,
    )
    disk.fill(ROOM_FOR_ABOUT_TWO_BATCHES, dataDir)
    let result
    try {
      result = await casefile(['import', spreadsheet(reasons), '--data-dir', dataDir])
    } finally {
      disk.unfill()
    }
    expect(result.code).toBe(EXIT.usage)
    expect(result.stdout).toMatch(
      /^15000 data rows: \d+ queued before the import stopped, \d+ not queued, 0 rejected, 0 empty \(skipped\)\.$/m,
    )
    expect(result.stdout).toMatch(/^Queued: rows 2-\d+\.$/m)
    expect(result.stdout).toMatch(/^Not queued: rows \d+-15001\.$/m)
    expect(result.stderr).toMatch(/^Note: The import stopped at row \d+: /m)
    expect(result.stdout + result.stderr).not.toMatch(STACK_TRACE)
  })

  it('a submit refused for space leaves no draft and no part of its attachment', async () => {
    const dataDir = await folderOnDisk()
    const dir = tempFolder()
    // 3 MB that do not compress: more than the room left.
    writeFileSync(
      join(dir, 'evidence.pdf'),
      Buffer.concat([PDF_BYTES, randomBytes(3 * 1024 * 1024)]),
    )
    const report = join(dir, 'report.json')
    writeFileSync(
      report,
      JSON.stringify({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('full-submit'),
        identifiers: [{ label: 'phone', value: '08031234567' }],
        attachments: ['evidence.pdf'],
      }),
    )
    disk.fill(1024 * 1024, dataDir)
    let result
    try {
      result = await casefile(['submit', report, '--data-dir', dataDir])
    } finally {
      disk.unfill()
    }
    expectPlainFailure(result)
    const attachments = join(dataDir, 'attachments')
    expect(existsSync(attachments) ? readdirSync(attachments) : []).toEqual([])
    expect(query(dataDir, 'SELECT local_id, status FROM reports')).toEqual([])
    expect(query(dataDir, 'SELECT id FROM operations')).toEqual([])
    expect(result.stderr).toMatch(saysFull())
  })
})

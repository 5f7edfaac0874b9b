import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_FILE, openCore as openCasefileCore, type Core } from '../../../src/core/open-core'
import { readWaitingReports, waitingReports } from '../../../src/core/outbox/outbox'
import * as Outbox from '../../../src/core/outbox/outbox'
import { startReader } from '../../../src/core/store/read-thread'

const draft = (i: number) => ({
  fraudType: 'money_mule',
  fraudReason: `Reading thread test ${i}: funds from several victims moved on within the hour.`,
  identifiers: [{ label: 'phone', value: `080${String(10_000_000 + i)}` }],
})

const opened: Core[] = []
function openCore(folderKey?: Buffer): Core {
  const core = openCasefileCore({
    dataDir: mkdtempSync(join(tmpdir(), 'casefile-reader-')),
    folderKey,
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9/upload' },
    getApiKey: () => undefined,
    autoSync: false,
  })
  opened.push(core)
  return core
}

afterEach(async () => {
  for (const core of opened.splice(0)) await core.close()
})

/** A read that keeps SQLite busy for a while: a count to four million. */
const SLOW_COUNT = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000000)
  SELECT count(*) AS n FROM n`

describe("the core's reading thread", () => {
  it("answers from an encrypted folder what the core's connection committed, in one snapshot", async () => {
    const core = openCore(randomBytes(32))
    expect(await core.reader.warmUp()).toBe(true)
    Outbox.submitMany(
      core,
      Array.from({ length: 30 }, (_, i) => draft(i)),
    )
    const [count, first] = await core.reader.read([
      { sql: "SELECT count(*) AS n FROM reports WHERE status = 'queued'", get: true },
      {
        sql: "SELECT count(*) AS n FROM reports WHERE status = ? AND draft_json LIKE '%' || ? || '%'",
        params: ['queued', '08010000007'],
        get: true,
      },
    ])
    expect(count).toEqual({ n: 30 })
    expect(first).toEqual({ n: 1 })
  })

  it("leaves the core's event loop free while a long read runs", async () => {
    const core = openCore()
    expect(await core.reader.warmUp()).toBe(true)
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    try {
      const [answer] = await core.reader.read([{ sql: SLOW_COUNT, get: true }])
      expect(answer).toEqual({ n: 4_000_000 })
    } finally {
      clearInterval(timer)
    }
    // The same read on the core's own connection holds the loop: no timer can run during it.
    expect(ticks).toBeGreaterThan(0)
  })

  it('finds what waits in the outbox exactly as the read on the connection does', async () => {
    const core = openCore(randomBytes(32))
    await core.reader.warmUp()
    Outbox.submitMany(
      core,
      Array.from({ length: 50 }, (_, i) => draft(i)),
    )
    const values = ['08010000003', '+234 801 000 0049', '09099999999']
    const here = waitingReports(core.db, 'phone', values)
    expect(here.map((w) => w.matchedAs)).toEqual([['08010000049'], ['08010000003']])
    expect(await readWaitingReports(core.reader, 'phone', values)).toEqual(here)
  })

  it('answers a read a person waits on ahead of the counts and polls not yet begun', async () => {
    const core = openCore()
    expect(await core.reader.warmUp()).toBe(true)
    const order: string[] = []
    const asked = (name: string, turn?: 'first' | 'in turn') =>
      core.reader
        .read([{ sql: `SELECT '${name}' AS name`, get: true }], turn)
        .then(([row]) => order.push((row as { name: string }).name))
    // The thread busy with a long count; two polls, then a search, then another poll.
    const reads = [
      core.reader.read([{ sql: SLOW_COUNT, get: true }]).then(() => order.push('count')),
      asked('poll 1'),
      asked('poll 2', 'in turn'),
      asked('search', 'first'),
      asked('search 2', 'first'),
      asked('poll 3'),
    ]
    await Promise.all(reads)
    // The count in hand is finished first; the searches pass the polls asked before them, in
    // the order they were asked; the polls keep theirs.
    expect(order).toEqual(['count', 'search', 'search 2', 'poll 1', 'poll 2', 'poll 3'])
  })

  it('says what is wrong with a read it cannot run', async () => {
    const core = openCore()
    await core.reader.warmUp()
    await expect(core.reader.read([{ sql: 'SELECT * FROM no_such_table' }])).rejects.toThrow(
      /no such table/,
    )
    // And goes on answering after it.
    expect(await core.reader.read([{ sql: 'SELECT 1 AS one', get: true }])).toEqual([{ one: 1 }])
  })

  it("answers on the core's connection when the thread cannot start", async () => {
    const core = openCore()
    const reader = startReader(
      core.db,
      join(core.dataDir, DATABASE_FILE),
      undefined,
      join(core.dataDir, 'no-such-sqlite-module.js'),
    )
    try {
      expect(await reader.warmUp()).toBe(false)
      Outbox.submitMany(core, [draft(1)])
      expect(await reader.read([{ sql: 'SELECT count(*) AS n FROM reports', get: true }])).toEqual([
        { n: 1 },
      ])
    } finally {
      await reader.close()
    }
  })

  it('answers reads asked while it closes, and closes once', async () => {
    const core = openCore()
    await core.reader.warmUp()
    const closing = core.reader.close()
    expect(await core.reader.warmUp()).toBe(false)
    expect(await core.reader.read([{ sql: 'SELECT 2 AS two', get: true }])).toEqual([{ two: 2 }])
    await closing
    await core.reader.close()
  })
})

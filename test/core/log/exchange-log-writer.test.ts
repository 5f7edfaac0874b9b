import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readExchangeLog } from '../../../src/core/log/exchange-log'
import { ExchangeLogWriter } from '../../../src/core/log/log'
import { openDatabase, type Db } from '../../../src/core/store/store'

/* The exchange log is a record, not state: its batches commit without a disk sync of their own. */

let db: Db | null = null
afterEach(() => {
  db?.close()
  db = null
})

const entry = (n: number) => ({
  at: new Date(Date.UTC(2026, 10, 29, 10, 0, n)).toISOString(),
  endpoint: 'GET /reports/search',
  status: 200,
  durationMs: 50,
  outcome: 'ok' as const,
})

describe('the exchange log, written in batches', () => {
  it('writes each batch in a transaction of its own at NORMAL, and leaves the folder at FULL', () => {
    db = openDatabase(join(mkdtempSync(join(tmpdir(), 'casefile-exchange-')), 'casefile.db'))
    const open = db
    const before = open.pragma('synchronous', { simple: true })
    // Each line written, seen from inside SQLite: its connection's synchronous level (2 FULL,
    // 1 NORMAL) and whether it is part of a transaction.
    const writes: [number, boolean][] = []
    open.function('seen_write', (level) => {
      writes.push([Number(level), open.inTransaction])
      return 0
    })
    open.exec(`CREATE TEMP TRIGGER seen_exchange AFTER INSERT ON exchange_log
      BEGIN SELECT seen_write((SELECT synchronous FROM pragma_synchronous)); END`)
    const writer = new ExchangeLogWriter(open)
    for (let n = 0; n < 3; n++) writer.push(entry(n))
    writer.flush()
    expect(writes).toEqual([
      [1, true],
      [1, true],
      [1, true],
    ])
    expect(before).toBe(2)
    expect(open.pragma('synchronous', { simple: true })).toBe(2)
    expect(readExchangeLog(open).map((line) => line.at)).toEqual([
      entry(2).at,
      entry(1).at,
      entry(0).at,
    ])
  })
})

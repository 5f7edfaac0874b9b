import Database from 'better-sqlite3-multiple-ciphers'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { DATABASE_FILE, openCore as openCasefileCore } from '../../../src/core/open-core'
import { applyKey, openDatabase } from '../../../src/core/store/open-database'
import {
  BACKSTOP_AUTOCHECKPOINT_PAGES,
  WalCheckpointer,
} from '../../../src/core/store/wal-checkpointer'
import * as Outbox from '../../../src/core/outbox/outbox'

const draft = (i: number) => ({
  fraudType: 'money_mule',
  fraudReason: `Checkpoint test ${i}: the account received funds from several victims and moved them on within the hour.`,
  identifiers: [{ label: 'phone', value: `080${String(10_000_000 + i)}` }],
})

function openCore(folderKey?: Buffer) {
  return openCasefileCore({
    dataDir: mkdtempSync(join(tmpdir(), 'casefile-ckpt-')),
    folderKey,
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9/upload' },
    getApiKey: () => undefined,
    autoSync: false,
  })
}

const autocheckpoint = (db: Database.Database) =>
  db.pragma('wal_autocheckpoint', { simple: true }) as number

describe('WAL checkpoints from a thread of their own', () => {
  it("copy an encrypted folder's committed pages into the database file while the core's connection only appends", async () => {
    const key = randomBytes(32)
    const core = openCore(key)
    const path = join(core.dataDir, DATABASE_FILE)
    // Once the thread is up, the core's connection checkpoints only past the backstop.
    await vi.waitFor(() => expect(autocheckpoint(core.db)).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES))
    const before = statSync(path).size
    // About 1,500 pages: more than SQLite's default 1000, fewer than the backstop, so any page
    // that reaches the database file was copied there by the checkpointer.
    for (let from = 0; from < 6000; from += 500)
      Outbox.submitMany(
        core,
        Array.from({ length: 500 }, (_, i) => draft(from + i)),
      )
    await vi.waitFor(() => expect(statSync(path).size).toBeGreaterThan(before + 4_000_000), {
      timeout: 10_000,
    })
    await core.close()
    // Closed last, the core's connection folded the rest in and removed the WAL.
    expect(existsSync(`${path}-wal`)).toBe(false)

    // Everything committed is there, read with the key by a connection of its own.
    const reopened = new Database(path, { readonly: true, fileMustExist: true })
    applyKey(reopened, key)
    expect(reopened.prepare('SELECT count(*) AS n FROM reports').get()).toEqual({ n: 6000 })
    expect(reopened.prepare('SELECT count(*) AS n FROM operations').get()).toEqual({ n: 6000 })
    reopened.close()
  })

  it('leave the connection checkpointing itself when the thread cannot start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'casefile-ckpt-'))
    const path = join(dir, DATABASE_FILE)
    const db = openDatabase(path)
    db.pragma('wal_autocheckpoint = 1')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const checkpointer = new WalCheckpointer(db, path, undefined, join(dir, 'no-such-module.js'))
    await vi.waitFor(() => expect(errors).toHaveBeenCalled())
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/the store checkpoints itself/)
    expect(autocheckpoint(db)).toBe(1000)
    await checkpointer.close()
    errors.mockRestore()
    db.close()
  })

  it('let a core that closes at once (a one-shot CLI command) close without waiting for the thread', async () => {
    const core = openCore()
    Outbox.submitMany(core, [draft(1)])
    await core.close()
    expect(existsSync(join(core.dataDir, `${DATABASE_FILE}-wal`))).toBe(false)
  })
})

import { rmSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3-multiple-ciphers'
import { join } from 'node:path'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { SANDBOX_DB_FILE } from '../../src/sandbox/sandbox-db'
import {
  decodeSubmissionResponseSchema,
  uploadResponseSchema,
} from '../../src/shared/domain/responses'
import { SAMPLE_FILES, formWithFile } from './sample-files'
import { account, call, createReport, paths, tempDataDir } from './sandbox-harness'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function start(dataDir: string): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ port: 0, dataDir })
  cleanups.push(() => sandbox.stop())
  return sandbox
}

describe('persistence', () => {
  it('keeps reports, unlisting, uploads and the demo keys across a restart of the same data dir', async () => {
    const dataDir = tempDataDir()
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))

    const first = await start(dataDir)
    const key = first.demoKeys[0]!.key
    const kept = await createReport(first, key, { identifiers: [account(4001)] })
    const unlisted = await createReport(first, key, { identifiers: [account(4002)] })
    await call(first.baseUrl + paths.unlist(unlisted), { method: 'PUT', key })
    const uploaded = uploadResponseSchema.parse(
      (
        await call(first.uploadUrl + paths.upload, {
          body: formWithFile(SAMPLE_FILES.png.bytes, 'a.png'),
        })
      ).body,
    ).data
    const keptBefore = (await call(first.baseUrl + paths.decode(kept), { key })).body
    await first.stop()

    const second = await start(dataDir)
    expect(second.demoKeys).toEqual(first.demoKeys)
    expect((await call(second.baseUrl + paths.decode(kept), { key })).body).toEqual(keptBefore)
    const report = decodeSubmissionResponseSchema.parse(
      (await call(second.baseUrl + paths.decode(unlisted), { key })).body,
    ).data.report
    expect(report.listingStatus).toBe('unlisted')
    // The upload is served by the new process (on its new port) from the same folder.
    const path = new URL(uploaded.url).pathname
    const served = await fetch(new URL(path, second.baseUrl))
    expect(Buffer.from(await served.arrayBuffer())).toEqual(SAMPLE_FILES.png.bytes)
  })

  it('stores its data in STRICT tables with WAL', async () => {
    const dataDir = tempDataDir()
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const sandbox = await start(dataDir)
    await sandbox.stop()
    const db = new Database(join(dataDir, SANDBOX_DB_FILE), { readonly: true })
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
      const tables = db
        .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table'")
        .all() as { name: string; sql: string }[]
      expect(tables.length).toBeGreaterThan(5)
      for (const table of tables) expect(table.sql, table.name).toMatch(/\)\s*STRICT$/)
    } finally {
      db.close()
    }
  })

  it('gives each new data dir its own demo keys', async () => {
    const [a, b] = [tempDataDir(), tempDataDir()]
    cleanups.push(() => rmSync(a, { recursive: true, force: true }))
    cleanups.push(() => rmSync(b, { recursive: true, force: true }))
    const first = await start(a)
    const second = await start(b)
    expect(first.demoKeys).toHaveLength(2)
    expect(first.demoKeys.map((d) => d.key)).not.toEqual(second.demoKeys.map((d) => d.key))
    // A key of one data dir means nothing to another.
    const result = await call(second.baseUrl + paths.submissions, { key: first.demoKeys[0]!.key })
    expect(result.status).toBe(401)
  })
})

import Database from 'better-sqlite3-multiple-ciphers'
import { cpSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { SANDBOX_DB_FILE } from '../../src/sandbox/sandbox-db'
import { SANDBOX_MIGRATIONS } from '../../src/sandbox/sandbox-migrations'
import { decodeSubmissionResponseSchema } from '../../src/shared/domain/responses'
import { call, paths, tempDataDir } from './sandbox-harness'

/*
 * The sandbox opens its database with its own store helpers (src/sandbox/store/) since it
 * stopped borrowing the core's. A data folder written before that, by the core's opener and
 * migration runner, must open as it was: test/fixtures/sandbox-data/v1 is one, made by
 * make-sandbox-data.ts at commit 765fb43.
 */

const FIXTURE = join(__dirname, '../fixtures/sandbox-data')
const expected = JSON.parse(readFileSync(join(FIXTURE, 'v1-expected.json'), 'utf8')) as {
  demoKeys: RunningSandbox['demoKeys']
  keptReportId: string
  unlistedReportId: string
  uploadPath: string
}

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function copyOfFixture(): string {
  const dataDir = tempDataDir()
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  cpSync(join(FIXTURE, 'v1'), dataDir, { recursive: true })
  return dataDir
}

async function start(dataDir: string): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ port: 0, dataDir })
  cleanups.push(() => sandbox.stop())
  return sandbox
}

function userVersion(dataDir: string): number {
  const db = new Database(join(dataDir, SANDBOX_DB_FILE), { readonly: true })
  try {
    return db.pragma('user_version', { simple: true }) as number
  } finally {
    db.close()
  }
}

describe('sandbox data folders of earlier versions', () => {
  it('opens a folder written by the sandbox that used the core store: same keys, reports and uploads', async () => {
    const dataDir = copyOfFixture()
    const sandbox = await start(dataDir)
    expect(sandbox.demoKeys).toEqual(expected.demoKeys)
    const key = expected.demoKeys[0]!.key
    const kept = await call(sandbox.baseUrl + paths.decode(expected.keptReportId), { key })
    expect(kept.status).toBe(200)
    const unlisted = await call(sandbox.baseUrl + paths.decode(expected.unlistedReportId), { key })
    expect(decodeSubmissionResponseSchema.parse(unlisted.body).data.report.listingStatus).toBe(
      'unlisted',
    )
    const served = await fetch(new URL(expected.uploadPath, sandbox.baseUrl))
    expect(await served.text()).toBe('Notes of the call, kept as evidence.\n')
    expect(userVersion(dataDir)).toBe(SANDBOX_MIGRATIONS.length)
  })

  it('brings a new folder to the last migration, its files private', async () => {
    const dataDir = tempDataDir()
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    await (await start(dataDir)).stop()
    expect(userVersion(dataDir)).toBe(SANDBOX_MIGRATIONS.length)
    if (process.platform !== 'win32')
      expect(statSync(join(dataDir, SANDBOX_DB_FILE)).mode & 0o777).toBe(0o600)
  })

  it('refuses a folder written by a newer sandbox and leaves it as it is', async () => {
    const dataDir = copyOfFixture()
    const file = join(dataDir, SANDBOX_DB_FILE)
    const db = new Database(file)
    db.pragma(`user_version = ${SANDBOX_MIGRATIONS.length + 1}`)
    db.close()
    const before = readFileSync(file)
    const known = SANDBOX_MIGRATIONS.length
    await expect(startSandbox({ port: 0, dataDir })).rejects.toThrow(
      `written by a newer sandbox (schema ${known + 1}; this one knows ${known})`,
    )
    expect(readFileSync(file).equals(before)).toBe(true)
  })
})

// Folders across versions: settings files keep the keys a later Casefile added, and a folder a
// newer Casefile wrote (its connection.json's version, the schema its casefile-folder.json
// records, or its database's schema) is refused with "written by a newer Casefile … install the
// newer version", before anything is read as understood or rewritten: the folder stays
// byte-identical.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { MIGRATIONS } from '../../src/core/store/migrations'
import { LATEST_SCHEMA } from '../../src/core/store/migrations/latest-schema'
import { applyKey } from '../../src/core/store/open-database'
import { closedPortUrl, TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { runCasefile, sandboxFolder } from './cli-harness'

const cli = (args: string[]) => runCasefile(args, { ...TEST_FOLDER_KEY_ENV })

/** A folder set up and opened once (its database and identity made). */
async function folder(): Promise<{ dataDir: string; url: string }> {
  const url = await closedPortUrl()
  const dataDir = await sandboxFolder(cli, { baseUrl: url, uploadUrl: url })
  expect((await cli(['outbox', '--data-dir', dataDir])).code).toBe(EXIT.ok)
  return { dataDir, url }
}

/** Every file of the folder, byte for byte (SQLite's -wal/-shm come and go with a connection). */
const snapshot = (dataDir: string) =>
  Object.fromEntries(
    readdirSync(dataDir)
      .filter((name) => !/-(wal|shm)$/.test(name))
      .map((name) => [name, readFileSync(join(dataDir, name)).toString('base64')]),
  )

const editJson = (path: string, change: (json: Record<string, unknown>) => void) => {
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
  change(json)
  writeFileSync(path, JSON.stringify(json, null, 2) + '\n')
}

const NEWER = /written by a newer Casefile \(.+; this version knows .+\); install the newer version/

/** Each command a person would run on the folder is refused, and nothing of it changes. */
async function expectRefused(dataDir: string, url: string, found: RegExp) {
  const before = snapshot(dataDir)
  for (const args of [
    ['outbox'],
    ['sync'],
    ['config', 'set', '--base-url', url, '--upload-url', url],
    ['config', 'set', '--base-url', url, '--upload-url', url, '--clear-ca-file'],
  ]) {
    const run = await cli([...args, '--data-dir', dataDir])
    expect(run.stderr, args.join(' ')).toMatch(NEWER)
    expect(run.stderr).toMatch(found)
    expect(run.code, args.join(' ')).toBe(EXIT.usage)
  }
  expect(snapshot(dataDir)).toEqual(before)
}

describe('a later Casefile’s settings', () => {
  it('connection.json: a key this version does not know survives a config set round trip', async () => {
    const { dataDir, url } = await folder()
    const path = join(dataDir, 'connection.json')
    editJson(path, (json) => (json['proxyPolicy'] = { mode: 'pac', url: 'http://wpad/wpad.dat' }))
    const shown = await cli(['config', 'show', '--data-dir', dataDir])
    expect(shown.code, shown.stderr).toBe(EXIT.ok)
    const set = await cli([
      'config',
      'set',
      '--base-url',
      url,
      '--upload-url',
      url,
      '--data-dir',
      dataDir,
    ])
    expect(set.code, set.stderr).toBe(EXIT.ok)
    const after = JSON.parse(readFileSync(path, 'utf8'))
    expect(after).toMatchObject({
      version: 1,
      baseUrl: url,
      proxyPolicy: { mode: 'pac', url: 'http://wpad/wpad.dat' },
    })
  })
})

describe('a folder a newer Casefile wrote', () => {
  it('connection.json of a newer version: refused, the folder unchanged', async () => {
    const { dataDir, url } = await folder()
    editJson(join(dataDir, 'connection.json'), (json) => {
      json['version'] = 2
      json['caFile'] = { store: 'windows', thumbprint: 'ab12' }
    })
    await expectRefused(dataDir, url, /connection file version 2; this version knows 1/)
  })

  it('the schema its casefile-folder.json records: refused before connection.json is read', async () => {
    const { dataDir, url } = await folder()
    const record = JSON.parse(readFileSync(join(dataDir, 'casefile-folder.json'), 'utf8'))
    expect(record.schema).toBe(LATEST_SCHEMA)
    editJson(join(dataDir, 'casefile-folder.json'), (json) => (json['schema'] = LATEST_SCHEMA + 3))
    // What that version added to connection.json is not judged by this one.
    editJson(join(dataDir, 'connection.json'), (json) => (json['caFile'] = 42))
    await expectRefused(
      dataDir,
      url,
      new RegExp(`schema ${LATEST_SCHEMA + 3}; this version knows schema ${LATEST_SCHEMA}`),
    )
  })

  it('its database schema alone: the database is refused and left as it was', async () => {
    const { dataDir } = await folder()
    const db = new Database(join(dataDir, 'casefile.db'))
    applyKey(db, Buffer.from(TEST_FOLDER_KEY_ENV.CASEFILE_DB_KEY, 'hex'))
    db.pragma(`user_version = ${LATEST_SCHEMA + 1}`)
    db.close()
    const before = snapshot(dataDir)
    const run = await cli(['outbox', '--data-dir', dataDir])
    expect(run.stderr).toMatch(NEWER)
    expect(run.stderr).toContain(
      `schema ${LATEST_SCHEMA + 1}; this version knows schema ${LATEST_SCHEMA}`,
    )
    expect(run.code).toBe(EXIT.usage)
    expect(snapshot(dataDir)).toEqual(before)
  })

  it('LATEST_SCHEMA is the last migration', () => {
    expect(LATEST_SCHEMA).toBe(MIGRATIONS.at(-1)?.version)
  })
})

import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { databaseState, type MigrationStep } from '../../../src/core/encryption/migrate-folder'
import { databaseCipher, openDataFolder } from '../../../src/core/encryption/open-data-folder'
import { whereFound } from '../../support/folder-scan'
import {
  copyFolder,
  encryptAsSqlcipher,
  makePlainFolder,
  snapshot,
} from '../../support/plain-folder'
import { memorySecretBackend } from '../../web-harness/memory-secret-backend'

const STEPS: MigrationStep[] = ['attachments-sealed', 'database-encrypted', 'committed', 'cleaned']

/** Only the encrypted layout's files: the database, its identity, sealed attachments. */
function plainLeftovers(dataDir: string): string[] {
  const names = existsSync(join(dataDir, 'attachments'))
    ? readdirSync(join(dataDir, 'attachments'))
    : []
  return names.filter(
    (name) =>
      !readFileSync(join(dataDir, 'attachments', name))
        .subarray(0, 4)
        .equals(Buffer.from('CFA1')),
  )
}

/**
 * Opens the folder in a child process (support/migrate-child.ts, the key from CASEFILE_DB_KEY)
 * that kills itself with SIGKILL when its migration reaches `step`; returns the signal it died of.
 */
function openAndKillAt(dataDir: string, step: MigrationStep, hexKey: string) {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '../../support/migrate-child.ts')],
    {
      env: { ...process.env, DATA_DIR: dataDir, KILL_AT: step, CASEFILE_DB_KEY: hexKey },
      encoding: 'utf8',
    },
  )
  return child.signal
}

describe('a plain folder from before encryption', () => {
  it('is migrated on first open with every report, draft, outbox item and attachment intact', async () => {
    const dataDir = await makePlainFolder()
    const before = await snapshot(dataDir)
    expect(before.reports).toHaveLength(2)
    expect(before.outbox.length).toBeGreaterThanOrEqual(2)

    const keychain = memorySecretBackend()
    const { key, outcome } = await openDataFolder(dataDir, { keychain })
    expect(outcome).toBe('migrated')
    expect(databaseState(join(dataDir, 'casefile.db'))).toBe('encrypted')
    expect(await snapshot(dataDir, key)).toEqual(before)
    expect(plainLeftovers(dataDir)).toEqual([])
    expect(whereFound(dataDir, ['22211133344', 'EVIDENCE-MIGRATE-91', '%PDF-1.4'])).toEqual([])
    // The next open finds it encrypted and leaves it be.
    expect((await openDataFolder(dataDir, { keychain })).outcome).toBe('opened')
  })

  it.each(STEPS)(
    'killed with SIGKILL at "%s" loses nothing: the next open ends with the encrypted folder, whole',
    async (step) => {
      const template = await makePlainFolder()
      const before = await snapshot(template)
      const dataDir = copyFolder(template)
      const hexKey = randomBytes(32).toString('hex')
      expect(openAndKillAt(dataDir, step, hexKey)).toBe('SIGKILL')
      // Whatever moment it died at, the folder is one of the two, whole.
      const state = databaseState(join(dataDir, 'casefile.db'))
      if (state === 'plain') expect(await snapshot(dataDir)).toEqual(before)
      else expect(await snapshot(dataDir, Buffer.from(hexKey, 'hex'))).toEqual(before)

      const { key } = await openDataFolder(dataDir, { keychain: null, envKey: hexKey })
      expect(databaseState(join(dataDir, 'casefile.db'))).toBe('encrypted')
      expect(await snapshot(dataDir, key)).toEqual(before)
      expect(plainLeftovers(dataDir)).toEqual([])
      expect(readdirSync(dataDir).filter((name) => name.includes('encrypting'))).toEqual([])
    },
  )
})

describe('a folder encrypted with SQLCipher 4 (before AEGIS-256)', () => {
  const dbPath = (dataDir: string) => join(dataDir, 'casefile.db')

  it('is re-encrypted on first open with everything intact, and opens as it is after that', async () => {
    const key = randomBytes(32)
    const dataDir = await makePlainFolder()
    const before = await snapshot(dataDir)
    await encryptAsSqlcipher(dataDir, key)
    expect(databaseCipher(dbPath(dataDir), key)).toBe('sqlcipher4')
    expect(before.reports).toHaveLength(2)

    const source = { keychain: null, envKey: key.toString('hex') }
    expect((await openDataFolder(dataDir, source)).outcome).toBe('migrated')
    expect(databaseCipher(dbPath(dataDir), key)).toBe('aegis256')
    expect(await snapshot(dataDir, key)).toEqual(before)
    expect(whereFound(dataDir, ['22211133344', 'EVIDENCE-MIGRATE-91', '%PDF-1.4'])).toEqual([])
    expect(readdirSync(dataDir).filter((name) => name.includes('encrypting'))).toEqual([])
    expect((await openDataFolder(dataDir, source)).outcome).toBe('opened')
  })

  it('with a wrong key is refused and left as it was', async () => {
    const key = randomBytes(32)
    const dataDir = await makePlainFolder()
    await encryptAsSqlcipher(dataDir, key)
    const bytes = readFileSync(dbPath(dataDir))
    await expect(
      openDataFolder(dataDir, { keychain: null, envKey: randomBytes(32).toString('hex') }),
    ).rejects.toMatchObject({ problem: 'wrong' })
    expect(readFileSync(dbPath(dataDir)).equals(bytes)).toBe(true)
    expect(databaseCipher(dbPath(dataDir), key)).toBe('sqlcipher4')
  })

  it.each(['database-encrypted', 'committed'] as MigrationStep[])(
    'killed with SIGKILL at "%s" loses nothing: the next open ends in AEGIS-256, whole',
    async (step) => {
      const key = randomBytes(32)
      const template = await makePlainFolder()
      const before = await snapshot(template)
      await encryptAsSqlcipher(template, key)
      const dataDir = copyFolder(template)
      expect(openAndKillAt(dataDir, step, key.toString('hex'))).toBe('SIGKILL')
      // Whatever moment it died at, the database is in one cipher or the other, whole.
      const cipher = databaseCipher(dbPath(dataDir), key)
      expect(cipher).toBe(step === 'committed' ? 'aegis256' : 'sqlcipher4')

      await openDataFolder(dataDir, { keychain: null, envKey: key.toString('hex') })
      expect(databaseCipher(dbPath(dataDir), key)).toBe('aegis256')
      expect(await snapshot(dataDir, key)).toEqual(before)
      expect(readdirSync(dataDir).filter((name) => name.includes('encrypting'))).toEqual([])
    },
  )
})

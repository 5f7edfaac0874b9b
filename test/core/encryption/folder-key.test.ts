import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FolderKeyError, readFolderIdentity } from '../../../src/core/encryption/folder-key'
import { exportFolderKey, importFolderKey } from '../../../src/core/encryption/key-transfer'
import { openDataFolder } from '../../../src/core/encryption/open-data-folder'
import type { SecretBackend } from '../../../src/core/secrets'
import { filesUnder } from '../../support/folder-scan'
import { TEST_SCRYPT } from '../../support/test-scrypt'
import { copyFolder, makePlainFolder, snapshot } from '../../support/plain-folder'
import { memorySecretBackend } from '../../web-harness/memory-secret-backend'

async function encryptedFolder() {
  const dataDir = await makePlainFolder()
  const keychain = memorySecretBackend()
  const { key } = await openDataFolder(dataDir, { keychain })
  return { dataDir, keychain, key, before: await snapshot(dataDir, key) }
}

/** Names and bytes of every file: what "left untouched" is checked against. */
const contents = (dataDir: string) =>
  filesUnder(dataDir)
    .map(({ path, bytes }) => `${path} ${bytes.toString('base64')}`)
    .sort()

async function refusal(promise: Promise<unknown>): Promise<FolderKeyError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FolderKeyError)
  return error as FolderKeyError
}

const brokenKeychain: SecretBackend = {
  description: 'the Secret Service',
  read: () => Promise.reject(new Error('The name org.freedesktop.secrets was not provided')),
  write: () => Promise.reject(new Error('The name org.freedesktop.secrets was not provided')),
  remove: () => Promise.reject(new Error('no')),
}

describe('the key of a data folder', () => {
  it('with no key (keychain reset, another account, a copied folder): says so and leaves the folder untouched', async () => {
    const { dataDir } = await encryptedFolder()
    const untouched = contents(dataDir)
    const error = await refusal(openDataFolder(dataDir, { keychain: memorySecretBackend() }))
    expect(error.problem).toBe('missing')
    expect(error.message).toMatch(/is encrypted and its key is not in/)
    expect(error.message).toMatch(/Nothing in the folder was changed/)
    expect(contents(dataDir)).toEqual(untouched)
    // No keychain at all: the same.
    expect((await refusal(openDataFolder(dataDir, { keychain: brokenKeychain }))).problem).toBe(
      'missing',
    )
    expect(contents(dataDir)).toEqual(untouched)
  })

  it('with a wrong key (from the keychain or given): says so and leaves the folder untouched', async () => {
    const { dataDir, keychain } = await encryptedFolder()
    const untouched = contents(dataDir)
    const id = readFolderIdentity(dataDir)!.id
    await keychain.write(`data-folder:${id}`, randomBytes(32).toString('hex'))
    expect((await refusal(openDataFolder(dataDir, { keychain }))).problem).toBe('wrong')
    const given = await refusal(
      openDataFolder(dataDir, { keychain: null, envKey: randomBytes(32).toString('hex') }),
    )
    expect(given.problem).toBe('wrong')
    expect(given.message).toMatch(/does not open with the key given/)
    expect(contents(dataDir)).toEqual(untouched)
  })

  it('a new folder with no keychain and no key given is refused before anything is written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'casefile-nokey-'))
    const error = await refusal(openDataFolder(dataDir, { keychain: brokenKeychain }))
    expect(error.problem).toBe('no-keychain')
    // Where to give it, in words for any front (the CLI adds its --db-key-file: core-words.ts).
    expect(error.message).toMatch(/give the key yourself in CASEFILE_DB_KEY \(64 hexadecimal/)
    expect(error.message).not.toMatch(/--db-key-file/)
    expect(error.keyToGive).toMatch(/^Casefile keeps each data folder’s key in the OS keychain/)
    expect(existsSync(join(dataDir, 'casefile.db'))).toBe(false)
  })

  it('takes a key from a private key file, and refuses one other users can read', async () => {
    const { dataDir, key, before } = await encryptedFolder()
    const keyFile = join(mkdtempSync(join(tmpdir(), 'casefile-keyfile-')), 'folder.key')
    writeFileSync(keyFile, `${key.toString('hex')}\n`, { mode: 0o600 })
    const opened = await openDataFolder(dataDir, { keychain: null, keyFile })
    expect(await snapshot(dataDir, opened.key)).toEqual(before)
    chmodSync(keyFile, 0o644)
    const error = await refusal(openDataFolder(dataDir, { keychain: null, keyFile }))
    expect(error.problem).toBe('bad-key')
    expect(error.message).toMatch(/can be read by other users: make it private \(chmod 600\)/)
    writeFileSync(keyFile, 'not a key', { mode: 0o600 })
    chmodSync(keyFile, 0o600)
    expect((await refusal(openDataFolder(dataDir, { keychain: null, keyFile }))).message).toMatch(
      /64 hexadecimal digits/,
    )
  })

  it('export and import move a folder to another data directory (another laptop) with its key', async () => {
    const { dataDir, keychain, key, before } = await encryptedFolder()
    const id = readFolderIdentity(dataDir)!.id
    const exported = JSON.stringify(
      await exportFolderKey(key, id, 'correct horse battery staple', { scrypt: TEST_SCRYPT }),
    )
    expect(exported).not.toContain(key.toString('hex'))
    expect(exported).not.toContain(key.toString('base64'))

    const moved = copyFolder(dataDir)
    const newLaptop = memorySecretBackend()
    expect((await refusal(openDataFolder(moved, { keychain: newLaptop }))).problem).toBe('missing')
    await expect(importFolderKey(exported, 'wrong passphrase!!')).rejects.toThrow(
      /passphrase does not open/,
    )
    const imported = await importFolderKey(exported, 'correct horse battery staple')
    expect(imported.folderId).toBe(readFolderIdentity(moved)!.id)
    await newLaptop.write(`data-folder:${imported.folderId}`, imported.key.toString('hex'))
    const opened = await openDataFolder(moved, { keychain: newLaptop })
    expect(await snapshot(moved, opened.key)).toEqual(before)
    expect(keychain).not.toBe(newLaptop)
  }, 60_000)

  it('refuses a short passphrase and a file that is not an export', async () => {
    await expect(exportFolderKey(randomBytes(32), 'x', 'short')).rejects.toThrow(
      /at least 12 characters/,
    )
    await expect(importFolderKey('{"hello":1}', 'correct horse battery staple')).rejects.toThrow(
      /not a Casefile key export/,
    )
  })

  it('keeps the folder private: the identity file is readable only by its owner', async () => {
    const { dataDir } = await encryptedFolder()
    expect(statSync(join(dataDir, 'casefile-folder.json')).mode & 0o777).toBe(0o600)
  })
})

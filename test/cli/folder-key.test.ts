import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { databaseState } from '../../src/core/encryption/migrate-folder'
import { uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { memorySecretBackend } from '../web-harness/memory-secret-backend'
import { runCasefile, STACK_TRACE, tempFolder } from './cli-harness'

const registry = useSandbox()
const withKey = { CASEFILE_API_KEY: registry.key }
const PASSPHRASE = 'a long passphrase typed twice'
/** An export and two imports, each a second or more of scrypt (more on a busy machine). */
const SCRYPT_TIMEOUT_MS = 90_000

async function folderWithAReport(): Promise<string> {
  const dataDir = tempFolder()
  const set = await runCasefile([
    'config',
    'set',
    '--base-url',
    registry.sandbox.baseUrl,
    '--upload-url',
    registry.sandbox.uploadUrl,
    '--data-dir',
    dataDir,
  ])
  expect(set.code).toBe(EXIT.ok)
  const report = join(dataDir, 'report.json')
  writeFileSync(
    report,
    JSON.stringify({
      fraudType: 'money_mule',
      fraudReason: uniqueReason('cli-folder-key'),
      identifiers: [{ label: 'bvn', value: '22233344455' }],
    }),
  )
  expect((await runCasefile(['submit', report, '--data-dir', dataDir], withKey)).code).toBe(EXIT.ok)
  return dataDir
}

describe('the data folder key from the CLI', () => {
  it('a folder the CLI writes is encrypted, with its key in the keychain', async () => {
    const dataDir = await folderWithAReport()
    expect(databaseState(join(dataDir, 'casefile.db'))).toBe('encrypted')
    expect(readFileSync(join(dataDir, 'casefile.db')).includes('22233344455')).toBe(false)
  })

  it(
    'with no key on this computer: exit 6, a message saying what to do, no trace; key import opens it again',
    async () => {
      const dataDir = await folderWithAReport()
      const exportFile = join(tempFolder(), 'key.json')
      const exported = await runCasefile(
        ['key', 'export', '--out', exportFile, '--data-dir', dataDir],
        {},
        [PASSPHRASE, PASSPHRASE],
      )
      expect(exported.code).toBe(EXIT.ok)
      expect(statSync(exportFile).mode & 0o777).toBe(0o600)

      const newLaptop = memorySecretBackend()
      const lost = await runCasefile(['outbox', '--data-dir', dataDir], withKey, [], newLaptop)
      expect(lost.code).toBe(EXIT.folderKey)
      expect(lost.stderr).toMatch(/is encrypted and its key is not in/)
      expect(lost.stderr).toMatch(/casefile key import FILE/)
      expect(lost.stderr).not.toMatch(STACK_TRACE)
      const asJson = await runCasefile(
        ['outbox', '--json', '--data-dir', dataDir],
        withKey,
        [],
        newLaptop,
      )
      expect(asJson.json()).toMatchObject({
        error: { code: 'folder_key_missing', exitCode: EXIT.folderKey },
      })

      const wrongPassphrase = await runCasefile(
        ['key', 'import', exportFile, '--data-dir', dataDir],
        {},
        ['not the passphrase'],
        newLaptop,
      )
      expect(wrongPassphrase.code).toBe(EXIT.folderKey)
      expect(wrongPassphrase.stderr).toMatch(/passphrase does not open/)
      const imported = await runCasefile(
        ['key', 'import', exportFile, '--data-dir', dataDir],
        {},
        [PASSPHRASE],
        newLaptop,
      )
      expect(imported.code).toBe(EXIT.ok)
      const outbox = await runCasefile(
        ['outbox', '--json', '--data-dir', dataDir],
        withKey,
        [],
        newLaptop,
      )
      expect(outbox.code).toBe(EXIT.ok)
    },
    SCRYPT_TIMEOUT_MS,
  )

  it('refuses an export whose two passphrases differ, and never overwrites a file', async () => {
    const dataDir = await folderWithAReport()
    const exportFile = join(tempFolder(), 'key.json')
    const differ = await runCasefile(
      ['key', 'export', '--out', exportFile, '--data-dir', dataDir],
      {},
      [PASSPHRASE, `${PASSPHRASE}!`],
    )
    expect(differ.code).toBe(EXIT.usage)
    expect(existsSync(exportFile)).toBe(false)
    writeFileSync(exportFile, 'my notes')
    const taken = await runCasefile(
      ['key', 'export', '--out', exportFile, '--data-dir', dataDir],
      {},
      [PASSPHRASE, PASSPHRASE],
    )
    expect(taken.code).toBe(EXIT.usage)
    expect(readFileSync(exportFile, 'utf8')).toBe('my notes')
  })

  it('refuses a passphrase that could be guessed, before it is typed again, saying how to choose one', async () => {
    const dataDir = await folderWithAReport()
    const exportFile = join(tempFolder(), 'key.json')
    const weak = await runCasefile(
      ['key', 'export', '--out', exportFile, '--data-dir', dataDir],
      {},
      ['123456789012', '123456789012'],
    )
    expect(weak.code).toBe(EXIT.usage)
    expect(weak.stderr).toMatch(/That passphrase could be found in about 10,000 tries/)
    expect(weak.stderr).toMatch(/five or six words picked at random/)
    expect(weak.stderr).toMatch(/Nothing was written\./)
    expect(existsSync(exportFile)).toBe(false)
  })

  it('refuses a key export whose scrypt parameters it will not run, in words (never exit 70)', async () => {
    const dataDir = await folderWithAReport()
    const identity = JSON.parse(readFileSync(join(dataDir, 'casefile-folder.json'), 'utf8'))
    const hostile = join(tempFolder(), 'key.json')
    const base = {
      format: 'casefile-folder-key',
      version: 1,
      folderId: identity.id,
      cipher: 'aes-256-gcm',
      nonce: Buffer.alloc(12).toString('base64'),
      sealedKey: Buffer.alloc(32).toString('base64'),
      tag: Buffer.alloc(16).toString('base64'),
    }
    const salt = Buffer.alloc(16).toString('base64')
    for (const [kdf, why] of [
      [{ N: 3, r: 8, p: 1 }, /its N \(3\) is not a power of two/],
      [{ N: 2 ** 20, r: 8, p: 1 }, /it asks for 1024 MiB of memory/],
    ] as const) {
      writeFileSync(hostile, JSON.stringify({ ...base, kdf: { name: 'scrypt', ...kdf, salt } }))
      const result = await runCasefile(
        ['key', 'import', hostile, '--data-dir', dataDir],
        {},
        [PASSPHRASE],
        memorySecretBackend(),
      )
      expect(result.code).toBe(EXIT.usage)
      expect(result.stderr).toMatch(why)
      expect(result.stderr).toMatch(/That key export cannot be opened/)
      expect(result.stderr).not.toMatch(/failed unexpectedly/)
    }
  })

  it('folder set-aside renames the folder, deleting nothing', async () => {
    const dataDir = await folderWithAReport()
    const result = await runCasefile(['folder', 'set-aside', '--json', '--data-dir', dataDir])
    expect(result.code).toBe(EXIT.ok)
    const aside = result.json().setAside as string
    expect(existsSync(dataDir)).toBe(false)
    expect(databaseState(join(aside, 'casefile.db'))).toBe('encrypted')
  })

  it('takes the key from --db-key-file on a machine with no keychain, refusing a file others can read', async () => {
    const dataDir = tempFolder()
    const keyFile = join(tempFolder(), 'folder.key')
    writeFileSync(keyFile, `${'ab'.repeat(32)}\n`, { mode: 0o644 })
    await runCasefile([
      'config',
      'set',
      '--base-url',
      registry.sandbox.baseUrl,
      '--upload-url',
      registry.sandbox.uploadUrl,
      '--data-dir',
      dataDir,
    ])
    const open = await runCasefile(
      ['outbox', '--db-key-file', keyFile, '--data-dir', dataDir],
      withKey,
    )
    expect(open.code).toBe(EXIT.usage)
    expect(open.stderr).toMatch(/can be read by other users/)
  })
})

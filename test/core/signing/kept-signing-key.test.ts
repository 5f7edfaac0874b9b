import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFolderIdentity } from '../../../src/core/encryption/folder-key'
import type { SecretBackend } from '../../../src/core/secrets/secret-backend'
import {
  createSelfSignedKey,
  keepSigningKey,
  keptSigningKey,
  SigningKeyError,
} from '../../../src/core/signing/signing'

/** A keychain in memory that says which entries were asked for. */
function memoryKeychain(): SecretBackend & { asked: string[] } {
  const entries = new Map<string, string>()
  const asked: string[] = []
  return {
    description: 'a test keychain',
    asked,
    read: async (account) => {
      asked.push(account)
      return entries.get(account) ?? null
    },
    write: async (account, secret) => void entries.set(account, secret),
    remove: async (account) => entries.delete(account),
  }
}

const folders: string[] = []
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-kept-key-'))
  folders.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the signing key kept for a data folder', () => {
  it('is none for a folder with no identity yet, which has no keychain entry to read', async () => {
    const keychain = memoryKeychain()
    // `case export --sign kept` on such a folder says no key is kept, not that it failed.
    await expect(keptSigningKey(folder(), keychain)).resolves.toBeNull()
    expect(keychain.asked).toEqual([])
  })

  it('cannot be made before the folder has an identity to name its entry', async () => {
    const key = await createSelfSignedKey({ name: 'Test', now: new Date() })
    await expect(keepSigningKey(folder(), memoryKeychain(), key)).rejects.toBeInstanceOf(
      SigningKeyError,
    )
  })

  it('is found again under the folder’s own entry once kept', async () => {
    const dir = folder()
    const identity = createFolderIdentity(dir)
    const keychain = memoryKeychain()
    const key = await createSelfSignedKey({ name: 'Test', now: new Date() })
    expect((await keepSigningKey(dir, keychain, key)).where).toBe('keychain')
    const kept = await keptSigningKey(dir, keychain)
    expect(kept?.key.certificate.equals(key.certificate)).toBe(true)
    expect(keychain.asked).toEqual([`signing-key:${identity.id}`])
  })
})

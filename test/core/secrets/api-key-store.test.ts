import { describe, expect, it, vi } from 'vitest'
import { ApiKeyStore } from '../../../src/core/secrets/api-key-store'
import { describeKeychainFailure, scrubSecret } from '../../../src/core/secrets/keychain-failure'
import type { SecretBackend } from '../../../src/core/secrets/secret-backend'

const KEY = 'sbx_0123456789abcdefWXYZ'

/** A keychain double that keeps secrets in a map, as a working keychain would. */
function workingBackend(): SecretBackend & { saved: Map<string, string> } {
  const saved = new Map<string, string>()
  return {
    description: 'a test keychain',
    saved,
    read: async (account) => saved.get(account) ?? null,
    write: async (account, secret) => void saved.set(account, secret),
    remove: async (account) => saved.delete(account),
  }
}

/** A keychain that cannot be reached at all, like Linux with no Secret Service. */
function missingBackend(message: string): SecretBackend {
  const fail = async (): Promise<never> => {
    throw new Error(message)
  }
  return { description: 'no keychain', read: fail, write: fail, remove: fail }
}

describe('ApiKeyStore with a working keychain', () => {
  it('keeps one key per profile and tells only whether it is set and its last four characters', async () => {
    const backend = workingBackend()
    const keys = new ApiKeyStore({ backend, platform: 'linux' })
    expect(await keys.status('registry')).toEqual({
      set: false,
      last4: null,
      storage: 'keychain',
      reason: null,
    })
    expect(await keys.setKey('registry', KEY)).toEqual({
      set: true,
      last4: 'WXYZ',
      storage: 'keychain',
      reason: null,
    })
    expect(backend.saved.get('registry')).toBe(KEY)
    expect(await keys.status('sandbox')).toMatchObject({ set: false })
    expect(await keys.getKey('registry')).toBe(KEY)
    expect(await keys.removeKey('registry')).toMatchObject({ set: false, last4: null })
    expect(backend.saved.size).toBe(0)
  })

  it('shows no tail of a short key, where four characters would give too much away', async () => {
    const keys = new ApiKeyStore({ backend: workingBackend() })
    expect(await keys.setKey('registry', 'short-key')).toMatchObject({ set: true, last4: null })
  })
})

describe('ApiKeyStore with no keychain', () => {
  it('says so plainly, keeps the key in memory for the session, and reports the switch once', async () => {
    const onFallbackToMemory = vi.fn()
    const keys = new ApiKeyStore({
      backend: missingBackend('DBus error: no session bus'),
      platform: 'linux',
      onFallbackToMemory,
    })
    const status = await keys.setKey('registry', KEY)
    expect(status).toMatchObject({ set: true, last4: 'WXYZ', storage: 'memory' })
    expect(status.reason).toMatch(/no Secret Service/)
    expect(status.reason).toMatch(/memory for this session only/)
    expect(status.reason).toMatch(/no session bus/)
    expect(await keys.getKey('registry')).toBe(KEY)
    expect(await keys.status('registry')).toEqual(status)
    await keys.removeKey('registry')
    expect(await keys.getKey('registry')).toBeNull()
    expect(keys.storage).toMatchObject({ storage: 'memory' })
    expect(onFallbackToMemory).toHaveBeenCalledOnce()
  })

  it('never lets the key into the reason, even if the keychain echoes it', async () => {
    const keys = new ApiKeyStore({ backend: missingBackend(`refused to store ${KEY}`) })
    const status = await keys.setKey('registry', KEY)
    expect(JSON.stringify(status)).not.toContain(KEY.slice(0, -4))
    expect(status.reason).toContain('[key]')
  })
})

describe('describeKeychainFailure', () => {
  it('names the keychain of each platform and what to do', () => {
    expect(describeKeychainFailure(new Error('x'), 'darwin')).toMatch(/macOS Keychain.*unlocked/)
    expect(describeKeychainFailure(new Error('x'), 'win32')).toMatch(/Credential Manager/)
    expect(describeKeychainFailure(new Error('x'), 'linux')).toMatch(/gnome-keyring/)
    expect(describeKeychainFailure('odd', 'linux')).toMatch(/\(odd\)$/)
  })
  it('scrubs a secret wherever it appears', () => {
    expect(scrubSecret('a KEY b KEY', 'KEY')).toBe('a [key] b [key]')
    expect(scrubSecret('nothing', undefined)).toBe('nothing')
  })
})

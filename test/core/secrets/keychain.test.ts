import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { createKeychainKeyStore, type ApiKeyStore } from '../../../src/core/secrets'

/**
 * The API key in the REAL OS keychain: on Linux a Secret Service over D-Bus (npm test starts
 * gnome-keyring in a private dbus session when there is none, see scripts/run-tests.mjs).
 *
 * Required, so a missing Secret Service FAILS the run, in CI and whenever run-tests.mjs started
 * one. Otherwise it runs where a keychain is normally at hand (a Linux desktop session, or when
 * CASEFILE_KEYCHAIN_TESTS=1) and is skipped on a developer's macOS or Windows keychain, which
 * it would otherwise write test entries into and which may prompt.
 */
const required = Boolean(process.env['CI']) || process.env['CASEFILE_SECRET_SERVICE'] === '1'
const runs =
  required ||
  process.env['CASEFILE_KEYCHAIN_TESTS'] === '1' ||
  (process.platform === 'linux' && Boolean(process.env['DBUS_SESSION_BUS_ADDRESS']))

// A service name of its own, so the test never touches a real Casefile key.
const service = `Casefile-test-${process.pid}-${randomBytes(4).toString('hex')}`
const FIRST = `sbx_${randomBytes(20).toString('hex')}`
const SECOND = `live_${randomBytes(20).toString('hex')}`

function requireKeychain(keys: ApiKeyStore): void {
  const storage = keys.storage
  if (storage.storage === 'memory')
    expect.fail(
      `No OS keychain was reachable, so the keychain could not be tested: ${storage.reason}\n` +
        'On Linux, `npm test` starts one itself when dbus-run-session and gnome-keyring-daemon are installed (apt-get install dbus gnome-keyring).',
    )
}

/** What an independent Secret Service client (libsecret's secret-tool) finds, when installed. */
function secretToolLookup(account: string): string | null | undefined {
  if (process.platform !== 'linux') return undefined
  const found = spawnSync('secret-tool', ['lookup', 'service', service, 'username', account], {
    encoding: 'utf8',
  })
  if (found.error) return undefined
  return found.status === 0 ? found.stdout : null
}

describe.runIf(runs)('the API key in the OS keychain (real keychain)', () => {
  afterAll(async () => {
    const keys = createKeychainKeyStore({ service })
    await keys.removeKey('registry')
    await keys.removeKey('sandbox')
  })

  it('sets a key, reads it back in a new store (as main and the CLI do), replaces and removes it', async () => {
    const keys = createKeychainKeyStore({ service })
    const before = await keys.status('registry')
    requireKeychain(keys)
    expect(before).toEqual({ set: false, last4: null, storage: 'keychain', reason: null })

    expect(await keys.setKey('registry', FIRST)).toEqual({
      set: true,
      last4: FIRST.slice(-4),
      storage: 'keychain',
      reason: null,
    })
    requireKeychain(keys)
    // A fresh store has no memory of its own: what it reads comes from the keychain.
    expect(await createKeychainKeyStore({ service }).getKey('registry')).toBe(FIRST)
    const seenBySecretTool = secretToolLookup('registry')
    if (seenBySecretTool !== undefined) expect(seenBySecretTool).toBe(FIRST)

    await keys.setKey('registry', SECOND)
    expect(await createKeychainKeyStore({ service }).getKey('registry')).toBe(SECOND)
    expect(await keys.status('registry')).toMatchObject({ set: true, last4: SECOND.slice(-4) })

    // One key per profile: the sandbox's entry is a separate one.
    await keys.setKey('sandbox', FIRST)
    expect(await keys.getKey('sandbox')).toBe(FIRST)
    expect(await keys.getKey('registry')).toBe(SECOND)

    expect(await keys.removeKey('registry')).toEqual({
      set: false,
      last4: null,
      storage: 'keychain',
      reason: null,
    })
    expect(await createKeychainKeyStore({ service }).getKey('registry')).toBeNull()
    if (secretToolLookup('registry') !== undefined) expect(secretToolLookup('registry')).toBeNull()
    expect(await keys.getKey('sandbox')).toBe(FIRST)
    // Removing what is not there is not an error.
    expect(await keys.removeKey('registry')).toMatchObject({ set: false, storage: 'keychain' })
    requireKeychain(keys)
  })
})

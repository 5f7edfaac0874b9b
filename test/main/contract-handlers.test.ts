import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiKeyStore } from '../../src/core/secrets/api-key-store'
import type { SecretBackend } from '../../src/core/secrets/secret-backend'
import { DEFAULT_SETTINGS, SettingsStore } from '../../src/core/settings'
import type { AppCore, AppCoreProfile } from '../../src/main/core-host/app-core'
import { appCoreProfile } from '../../src/main/core-host/core-profile'
import { CoreHost } from '../../src/main/core-host/core-host'
import { EventHub } from '../../src/main/core-host/event-hub'
import { createShellHandlers } from '../../src/main/ipc/contract-handlers'
import type { PushEvent } from '../../src/main/ipc/push-events'

const KEY = 'live_0123456789abcdefKLMN'
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

function memoryBackend(): SecretBackend {
  const saved = new Map<string, string>()
  return {
    description: 'a test keychain',
    read: async (account) => saved.get(account) ?? null,
    write: async (account, secret) => void saved.set(account, secret),
    remove: async (account) => saved.delete(account),
  }
}

/** The handlers over real services: a key store, a settings file in a temp folder, a core host. */
async function shell(options: { failStartOf?: string } = {}) {
  const userData = mkdtempSync(join(tmpdir(), 'casefile-shell-'))
  dirs.push(userData)
  const { store: settings } = await SettingsStore.open(join(userData, 'settings.json'))
  const keys = new ApiKeyStore({ backend: memoryBackend() })
  const journal: string[] = []
  const started: AppCoreProfile[] = []
  const cores = new CoreHost({
    createCore: (profile): AppCore => ({
      start: async () => {
        journal.push(`start ${profile.id}`)
        started.push(profile)
        if (profile.id === options.failStartOf) throw new Error('cannot open the store')
      },
      stop: async () => void journal.push(`stop ${profile.id}`),
      keyChanged: () => void journal.push(`key ${profile.id}`),
      connectivityChanged: () => undefined,
      events: new EventHub(),
      casefile: null,
    }),
    onEvent: () => undefined,
  })
  const pushed: [string, unknown][] = []
  const push: PushEvent = (event, payload) => void pushed.push([event, payload])
  const handlers = createShellHandlers({
    appInfo: () => ({ name: 'Casefile', version: '0', platform: 'linux', versions: {} }),
    keys,
    settings,
    cores,
    profileFor: (current, id) => appCoreProfile(current, id, userData, keys),
    push,
  })
  await cores.run(appCoreProfile(settings.current, 'sandbox', userData, keys))
  return { handlers, settings, keys, journal, started, pushed, userData }
}

const connection = {
  baseUrl: 'https://registry.example.com',
  uploadUrl: 'https://files.example.com',
}

describe('the key handlers', () => {
  it('set, replace and remove a key, answering and announcing only its status', async () => {
    const { handlers, keys, journal, pushed } = await shell()
    const set = await handlers.setKey({ profileId: 'sandbox', key: KEY })
    expect(set).toEqual({
      profileId: 'sandbox',
      set: true,
      last4: 'KLMN',
      storage: 'keychain',
      reason: null,
    })
    expect(await keys.getKey('sandbox')).toBe(KEY)
    expect(journal).toContain('key sandbox')
    await handlers.setKey({ profileId: 'sandbox', key: `${KEY}2` })
    expect(await handlers.keyStatus({ profileId: 'sandbox' })).toMatchObject({
      last4: 'KLMN'.slice(1) + '2',
    })
    expect(await handlers.removeKey({ profileId: 'sandbox' })).toMatchObject({
      set: false,
      last4: null,
    })
    expect(pushed.map(([event]) => event)).toEqual([
      'keyStateChanged',
      'keyStateChanged',
      'keyStateChanged',
    ])
    expect(JSON.stringify(pushed)).not.toContain(KEY)
  })
})

describe('the profile handlers', () => {
  it('start on the sandbox, in its own data folder', async () => {
    const { handlers, started, userData } = await shell()
    expect((await handlers.profiles(undefined)).active).toBe('sandbox')
    expect(started[0]).toMatchObject({
      id: 'sandbox',
      dataDir: join(userData, 'profiles', 'sandbox'),
      registry: null,
    })
  })

  it('refuse to switch to the registry before its addresses are set', async () => {
    const { handlers, journal } = await shell()
    await expect(handlers.switchProfile({ profileId: 'registry' })).rejects.toThrow(
      /base URL and upload URL/,
    )
    expect(journal).toEqual(['start sandbox'])
  })

  it('switch to the registry: the sandbox core stops, the registry core starts on its own folder and key', async () => {
    const { handlers, settings, keys, journal, started, pushed, userData } = await shell()
    await handlers.setRegistryConnection(connection)
    await keys.setKey('registry', KEY)
    const view = await handlers.switchProfile({ profileId: 'registry' })
    expect(view.active).toBe('registry')
    expect(settings.current.activeProfile).toBe('registry')
    expect(journal).toEqual(['start sandbox', 'stop sandbox', 'start registry'])
    const registry = started[1]
    expect(registry).toMatchObject({
      id: 'registry',
      dataDir: join(userData, 'profiles', 'registry'),
      registry: connection,
    })
    expect(await registry?.getApiKey()).toBe(KEY)
    expect(pushed.filter(([event]) => event === 'profileChanged')).toHaveLength(2)
    // Switching to the profile already active does nothing.
    await handlers.switchProfile({ profileId: 'registry' })
    expect(journal).toHaveLength(3)
  })

  it('restart the registry core when its addresses change while it runs', async () => {
    const { handlers, journal, started } = await shell()
    await handlers.setRegistryConnection(connection)
    await handlers.switchProfile({ profileId: 'registry' })
    const moved = { ...connection, baseUrl: 'https://registry2.example.com' }
    await handlers.setRegistryConnection(moved)
    expect(journal.slice(-2)).toEqual(['stop registry', 'start registry'])
    expect(started.at(-1)?.registry).toEqual(moved)
  })

  it('go back to the previous profile when the new one cannot start, and keep the setting', async () => {
    const { handlers, settings, journal } = await shell({ failStartOf: 'registry' })
    await handlers.setRegistryConnection(connection)
    await expect(handlers.switchProfile({ profileId: 'registry' })).rejects.toThrow(
      /cannot open the store/,
    )
    expect(settings.current.activeProfile).toBe('sandbox')
    expect(journal).toEqual([
      'start sandbox',
      'stop sandbox',
      'start registry',
      'stop registry',
      'start sandbox',
    ])
  })
})

describe('appCoreProfile', () => {
  it('says what to do when the registry has no addresses', () => {
    const keys = { getKey: vi.fn() }
    expect(() =>
      appCoreProfile({ ...DEFAULT_SETTINGS, activeProfile: 'registry' }, 'registry', '/u', keys),
    ).toThrow(/set the registry's base URL and upload URL first/)
  })
})

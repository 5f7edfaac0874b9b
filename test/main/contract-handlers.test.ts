import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiKeyStore } from '../../src/core/secrets/api-key-store'
import type { SecretBackend } from '../../src/core/secrets/secret-backend'
import { DEFAULT_SETTINGS, SettingsStore } from '../../src/core/settings'
import type { AppCore, AppCoreProfile } from '../../src/shared/app-core'
import { appCoreProfile } from '../../src/main/core-host/core-profile'
import { CoreHost } from '../../src/main/core-host/core-host'
import { EventHub } from '../../src/shared/event-hub'
import { createShellHandlers } from '../../src/main/ipc/contract-handlers'
import type { PushEvent } from '../../src/main/ipc/push-events'
import type { ConfirmDialog } from '../../src/main/security/confirmations'

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

/**
 * The handlers over real services: a key store, a settings file in a temp folder, a core host.
 * Main's native confirmations are answered by `confirm` (yes unless told), and kept in `dialogs`.
 */
async function shell(
  options: { failStartOf?: string; confirm?: boolean | ((dialog: ConfirmDialog) => boolean) } = {},
) {
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
      work: null,
    }),
    onEvent: () => undefined,
  })
  const dialogs: ConfirmDialog[] = []
  const pushed: [string, unknown][] = []
  const push: PushEvent = (event, payload) => void pushed.push([event, payload])
  const handlers = createShellHandlers({
    appInfo: () => ({ name: 'Casefile', version: '0', platform: 'linux', versions: {} }),
    keys,
    settings,
    cores,
    profileFor: (current, id) => appCoreProfile(current, id, userData, keys),
    push,
    confirm: async (dialog) => {
      dialogs.push(dialog)
      const answer = options.confirm ?? true
      return typeof answer === 'function' ? answer(dialog) : answer
    },
    chooseKeyFile: async () => null,
  })
  await cores.run(appCoreProfile(settings.current, 'sandbox', userData, keys))
  return { handlers, settings, keys, journal, started, pushed, userData, dialogs }
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
    await handlers.setKey({ profileId: 'registry', key: KEY })
    expect(await keys.getKey('registry@https://registry.example.com')).toBe(KEY)
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

describe('the key is bound to the registry it was given for', () => {
  it('cannot be set for a registry with no address yet', async () => {
    const { handlers } = await shell()
    await expect(handlers.setKey({ profileId: 'registry', key: KEY })).rejects.toThrow(
      /Set the registry's base URL and upload URL first/,
    )
    expect(await handlers.keyStatus({ profileId: 'registry' })).toMatchObject({ set: false })
  })

  it('a changed origin is confirmed in main, naming both, and finds no key; going back finds it again', async () => {
    const { handlers, keys, journal, started, dialogs, pushed } = await shell()
    await handlers.setRegistryConnection(connection)
    await handlers.setKey({ profileId: 'registry', key: KEY })
    await handlers.switchProfile({ profileId: 'registry' })
    expect(dialogs.map((dialog) => dialog.title)).toEqual(['Registry address', 'Use this API key'])

    const moved = { baseUrl: 'https://attacker.example', uploadUrl: 'https://attacker.example' }
    await handlers.setRegistryConnection(moved)
    expect(dialogs.at(-1)).toMatchObject({
      title: 'Change of registry',
      message:
        "Send Casefile's work to attacker.example instead of registry.example.com (uploads to files.example.com)?",
      defaultId: 1,
      cancelId: 1,
    })
    expect(await handlers.keyStatus({ profileId: 'registry' })).toMatchObject({ set: false })
    const running = started.at(-1)
    expect(running).toMatchObject({ registry: moved, acceptOriginChange: true })
    expect(await running?.getApiKey()).toBeNull() // the old key never reaches the new host
    expect(pushed.filter(([e]) => e === 'keyStateChanged').at(-1)?.[1]).toMatchObject({
      profileId: 'registry',
      set: false,
    })
    expect(journal.slice(-2)).toEqual(['stop registry', 'start registry'])

    await handlers.setRegistryConnection(connection)
    expect(await handlers.keyStatus({ profileId: 'registry' })).toMatchObject({ set: true })
    expect(await started.at(-1)?.getApiKey()).toBe(KEY)
    expect(await keys.getKey('registry@https://attacker.example')).toBeNull()
  })

  it('refused in the dialog: nothing changes and the running core is left alone', async () => {
    const { handlers, settings, journal, started } = await shell({
      confirm: (dialog) => dialog.title !== 'Change of registry',
    })
    await handlers.setRegistryConnection(connection)
    await handlers.setKey({ profileId: 'registry', key: KEY })
    await handlers.switchProfile({ profileId: 'registry' })
    const before = journal.length
    await expect(
      handlers.setRegistryConnection({
        ...connection,
        uploadUrl: 'https://files.attacker.example',
      }),
    ).rejects.toThrow(/not changed: the change was not confirmed/)
    expect(settings.current.registry).toEqual(connection)
    expect(journal).toHaveLength(before)
    expect(await started.at(-1)?.getApiKey()).toBe(KEY)
  })

  it('asks nothing for a new path on the same hosts', async () => {
    const { handlers, dialogs } = await shell()
    await handlers.setRegistryConnection(connection)
    await handlers.setRegistryConnection({
      baseUrl: 'https://registry.example.com/v2',
      uploadUrl: 'https://files.example.com/v2',
    })
    expect(dialogs.map((dialog) => dialog.title)).toEqual(['Registry address'])
  })
})

describe('main decides, not the page: the key and the first address are confirmed in main', () => {
  it('the first registry address is asked for, naming its hosts; refused, nothing is saved', async () => {
    const refused = await shell({ confirm: false })
    await expect(refused.handlers.setRegistryConnection(connection)).rejects.toThrow(
      'The registry address was not saved: it was not confirmed.',
    )
    expect(refused.settings.current.registry).toBeNull()
    expect(refused.dialogs).toEqual([
      expect.objectContaining({
        message:
          "Send the Registry profile's reports to registry.example.com (uploads to files.example.com)?",
        buttons: ['Use registry.example.com', 'Cancel'],
        defaultId: 1,
      }),
    ])
    const accepted = await shell()
    await accepted.handlers.setRegistryConnection(connection)
    expect(accepted.settings.current.registry).toEqual(connection)
  })

  it('a key is replaced only on a yes naming the registry and both keys’ ends; refused, the old key stays', async () => {
    const { handlers, keys, dialogs, journal } = await shell()
    await handlers.setRegistryConnection(connection)
    await handlers.setKey({ profileId: 'registry', key: KEY })
    expect(dialogs.at(-1)).toMatchObject({
      message: 'Use the key pasted (ending KLMN) for registry.example.com?',
    })

    const attackers = 'live_attacker_organization_WXYZ'
    const refused = await shell({ confirm: (dialog) => dialog.title !== 'Replace the API key' })
    await refused.handlers.setRegistryConnection(connection)
    await refused.handlers.setKey({ profileId: 'registry', key: KEY })
    const cores = refused.journal.length
    await expect(
      refused.handlers.setKey({ profileId: 'registry', key: attackers }),
    ).rejects.toThrow('The key was not replaced: the change was not confirmed.')
    expect(await refused.keys.getKey('registry@https://registry.example.com')).toBe(KEY)
    expect(refused.journal).toHaveLength(cores) // the core was not told of a new key
    expect(refused.dialogs.at(-1)).toMatchObject({
      title: 'Replace the API key',
      message:
        'Replace the API key for registry.example.com (ending KLMN) with the one pasted (ending WXYZ)?',
      buttons: ['Replace the key', 'Keep the current key'],
      defaultId: 1,
      cancelId: 1,
    })

    await handlers.switchProfile({ profileId: 'registry' })
    await handlers.setKey({ profileId: 'registry', key: attackers })
    expect(await keys.getKey('registry@https://registry.example.com')).toBe(attackers)
    expect(journal.at(-1)).toBe('key registry')
  })

  it('a key is removed only on a yes; refused, it stays; with none set there is nothing to ask', async () => {
    const refused = await shell({ confirm: (dialog) => dialog.title !== 'Remove the API key' })
    await refused.handlers.setKey({ profileId: 'sandbox', key: KEY })
    await expect(refused.handlers.removeKey({ profileId: 'sandbox' })).rejects.toThrow(
      'The key was not removed: the removal was not confirmed.',
    )
    expect(await refused.keys.getKey('sandbox')).toBe(KEY)
    expect(refused.dialogs.at(-1)).toMatchObject({
      message: 'Remove the API key for the sandbox registry on this computer (ending KLMN)?',
    })

    const { handlers, keys, dialogs } = await shell()
    await handlers.setKey({ profileId: 'sandbox', key: KEY })
    await handlers.removeKey({ profileId: 'sandbox' })
    expect(await keys.getKey('sandbox')).toBeNull()
    const asked = dialogs.length
    await handlers.removeKey({ profileId: 'sandbox' })
    expect(dialogs).toHaveLength(asked)
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

describe('the ways out of a lost folder key', () => {
  it('are refused while the folder opens: a page cannot rename the data away or restart the core', async () => {
    const { handlers, journal } = await shell()
    await expect(handlers.folderSetAside(undefined)).rejects.toThrow(
      'This data folder opens with its key: there is no key to import and nothing to set aside.',
    )
    await expect(handlers.folderImportKey({ passphrase: 'anything' })).rejects.toThrow(
      /opens with its key/,
    )
    expect(journal).toEqual(['start sandbox'])
    expect(await handlers.coreStatus(undefined)).toBeNull()
  })
})

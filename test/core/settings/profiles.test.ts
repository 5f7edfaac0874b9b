import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_SETTINGS,
  profileDataDir,
  profilesView,
  sandboxRegistryDataDir,
  settingsFilePath,
  whyProfileNotReady,
  type Settings,
} from '../../../src/core/settings'
import type { ProfileId } from '../../../src/shared/contracts/shell'

const userData = join('/home', 'ada', '.config', 'Casefile')
const withRegistry: Settings = {
  ...DEFAULT_SETTINGS,
  registry: { baseUrl: 'https://registry.example.com', uploadUrl: 'https://files.example.com' },
}

describe('profile folders', () => {
  it('gives each profile its own data folder under user data, apart from each other', () => {
    expect(profileDataDir(userData, 'sandbox')).toBe(join(userData, 'profiles', 'sandbox'))
    expect(profileDataDir(userData, 'registry')).toBe(join(userData, 'profiles', 'registry'))
    expect(sandboxRegistryDataDir(userData)).toBe(join(userData, 'sandbox-registry'))
    expect(settingsFilePath(userData)).toBe(join(userData, 'settings.json'))
  })

  it('refuses an id that is not a profile (the CLI passes strings)', () => {
    expect(() => profileDataDir(userData, '../../etc' as ProfileId)).toThrow(
      /Unknown connection profile.*sandbox, registry/,
    )
  })
})

describe('profilesView', () => {
  it('shows the sandbox ready and the registry not ready on a new install', () => {
    expect(profilesView(DEFAULT_SETTINGS)).toEqual({
      active: 'sandbox',
      profiles: [
        { id: 'sandbox', name: 'Sandbox', baseUrl: null, uploadUrl: null, ready: true },
        { id: 'registry', name: 'Registry', baseUrl: null, uploadUrl: null, ready: false },
      ],
    })
    expect(whyProfileNotReady(DEFAULT_SETTINGS, 'registry')).toMatch(/base URL and upload URL/)
    expect(whyProfileNotReady(DEFAULT_SETTINGS, 'sandbox')).toBeNull()
  })

  it('shows the registry addresses once set', () => {
    expect(profilesView(withRegistry).profiles[1]).toMatchObject({
      baseUrl: 'https://registry.example.com',
      ready: true,
    })
    expect(whyProfileNotReady(withRegistry, 'registry')).toBeNull()
  })
})

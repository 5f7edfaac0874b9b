import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DEFAULT_SETTINGS,
  readSettingsFile,
  writeSettingsFile,
  type Settings,
} from '../../../src/core/settings'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-settings-'))
  dirs.push(dir)
  return dir
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const registry: Settings = {
  version: 1,
  activeProfile: 'registry',
  registry: { baseUrl: 'https://registry.example.com', uploadUrl: 'https://files.example.com' },
  updates: { autoDownload: false, channel: 'beta' },
}

describe('the settings file', () => {
  it('starts a new install on the sandbox', async () => {
    const loaded = await readSettingsFile(join(tempDir(), 'settings.json'))
    expect(loaded).toEqual({ settings: DEFAULT_SETTINGS })
    expect(loaded.settings.activeProfile).toBe('sandbox')
  })

  it('reads back what it wrote, creating the folder, and leaves no temporary file', async () => {
    const dir = tempDir()
    const path = join(dir, 'nested', 'settings.json')
    await writeSettingsFile(path, registry)
    expect(await readSettingsFile(path)).toEqual({ settings: registry })
    expect(readdirSync(join(dir, 'nested'))).toEqual(['settings.json'])
  })

  it('replaces the old file whole on each write', async () => {
    const path = join(tempDir(), 'settings.json')
    await writeSettingsFile(path, registry)
    await writeSettingsFile(path, DEFAULT_SETTINGS)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(DEFAULT_SETTINGS)
  })

  it('refuses to write settings that break the schema, and keeps the old file', async () => {
    const path = join(tempDir(), 'settings.json')
    await writeSettingsFile(path, registry)
    const bad = { ...registry, activeProfile: 'elsewhere' } as unknown as Settings
    await expect(writeSettingsFile(path, bad)).rejects.toThrow()
    expect(await readSettingsFile(path)).toEqual({ settings: registry })
  })

  it.each([
    ['not JSON', '{"version": 1, "activePro', /not valid JSON/],
    [
      'the wrong shape',
      '{"version": 1, "activeProfile": "moon", "registry": null}',
      /activeProfile/,
    ],
    [
      'an address over plain http',
      JSON.stringify({
        ...registry,
        registry: { baseUrl: 'http://registry.example.com', uploadUrl: 'https://f.example.com' },
      }),
      /https/,
    ],
  ])(
    'recovers from %s: the defaults, plus a .corrupt copy, never a crash',
    async (_what, text, why) => {
      const path = join(tempDir(), 'settings.json')
      writeFileSync(path, text)
      const loaded = await readSettingsFile(path)
      expect(loaded.settings).toEqual(DEFAULT_SETTINGS)
      expect(loaded.recovered?.reason).toMatch(why)
      expect(loaded.recovered?.reason).toMatch(/default settings/)
      expect(loaded.recovered?.corruptCopy).toBe(`${path}.corrupt`)
      expect(readFileSync(`${path}.corrupt`, 'utf8')).toBe(text)
    },
  )

  it('recovers from a settings path that cannot be read as a file', async () => {
    const path = join(tempDir(), 'settings.json')
    mkdirSync(path)
    const loaded = await readSettingsFile(path)
    expect(loaded.settings).toEqual(DEFAULT_SETTINGS)
    expect(loaded.recovered?.reason).toMatch(/it is a folder, not a file/)
    // Moved aside whole (never deleted), so the next save can write the file.
    expect(loaded.recovered?.corruptCopy).toBe(`${path}.corrupt`)
  })

  it('keeps keys it does not know, and writes them back as they were', async () => {
    const path = join(tempDir(), 'settings.json')
    writeFileSync(path, JSON.stringify({ ...registry, theme: { mode: 'dark' } }))
    const { settings } = await readSettingsFile(path)
    await writeSettingsFile(path, { ...settings, activeProfile: 'sandbox' })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      ...registry,
      activeProfile: 'sandbox',
      theme: { mode: 'dark' },
    })
  })

  it("leaves a newer Casefile's file as it is, says so, and uses the defaults", async () => {
    const dir = tempDir()
    const path = join(dir, 'settings.json')
    const text = JSON.stringify({ version: 2, activeProfile: 'elsewhere', layout: 'new' })
    writeFileSync(path, text)
    const loaded = await readSettingsFile(path)
    expect(loaded.settings).toEqual(DEFAULT_SETTINGS)
    expect(loaded.recovered).toBeUndefined()
    expect(loaded.newer).toMatch(
      /written by a newer Casefile \(settings version 2; this version knows 1\)/,
    )
    expect(readFileSync(path, 'utf8')).toBe(text)
    expect(readdirSync(dir)).toEqual(['settings.json'])
  })

  it('opens a file written before update preferences existed, with automatic stable updates', async () => {
    const path = join(tempDir(), 'settings.json')
    const { updates: _updates, ...older } = registry
    writeFileSync(path, JSON.stringify(older))
    expect((await readSettingsFile(path)).settings.updates).toEqual({
      autoDownload: true,
      channel: 'stable',
    })
  })

  it('says where and why when it cannot write', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'blocker'), '')
    await expect(
      writeSettingsFile(join(dir, 'blocker', 'settings.json'), registry),
    ).rejects.toThrow(/Could not save the settings to .*blocker/)
  })
})

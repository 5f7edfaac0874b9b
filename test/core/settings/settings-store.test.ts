import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SettingsStore } from '../../../src/core/settings'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
function settingsPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-settings-'))
  dirs.push(dir)
  return join(dir, 'settings.json')
}

describe('SettingsStore', () => {
  it('applies quick successive updates in order, none lost', async () => {
    const path = settingsPath()
    const { store } = await SettingsStore.open(path)
    const connection = { baseUrl: 'https://r.example.com/', uploadUrl: 'https://u.example.com' }
    await Promise.all([
      store.update((s) => ({ ...s, registry: connection })),
      store.update((s) => ({ ...s, activeProfile: 'registry' })),
    ])
    const expected = {
      version: 1,
      activeProfile: 'registry',
      // The schema writes one spelling of an address: no trailing slash.
      registry: { baseUrl: 'https://r.example.com', uploadUrl: 'https://u.example.com' },
      updates: { autoDownload: true, channel: 'stable' },
    }
    expect(store.current).toEqual(expected)
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(expected)
    expect((await SettingsStore.open(path)).store.current).toEqual(expected)
  })

  it('keeps the current settings when an update is invalid, and goes on working', async () => {
    const { store } = await SettingsStore.open(settingsPath())
    await expect(
      store.update((s) => ({
        ...s,
        registry: { baseUrl: 'ftp://x', uploadUrl: 'https://u.example' },
      })),
    ).rejects.toThrow(/https/)
    expect(store.current.registry).toBeNull()
    await store.update((s) => ({ ...s, activeProfile: 'sandbox' }))
    expect(store.current.activeProfile).toBe('sandbox')
  })

  it("never writes over a newer Casefile's file: an update is refused in words", async () => {
    const path = settingsPath()
    const text = '{"version": 2, "activeProfile": "registry", "registry": null}\n'
    writeFileSync(path, text)
    const { store, newer } = await SettingsStore.open(path)
    expect(newer).toMatch(/newer Casefile/)
    expect(store.current.activeProfile).toBe('sandbox')
    await expect(store.update((s) => ({ ...s, activeProfile: 'registry' }))).rejects.toThrow(
      /written by a newer Casefile .*Nothing was changed/,
    )
    expect(readFileSync(path, 'utf8')).toBe(text)
    expect(readdirSync(dirname(path))).toEqual(['settings.json'])
  })
})

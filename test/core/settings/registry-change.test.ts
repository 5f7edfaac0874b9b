import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, profileKeyAccount, registryChange } from '../../../src/core/settings'
import { registryChangeDialog } from '../../../src/main/ipc/registry-dialogs'

const A = { baseUrl: 'https://registry.example.com', uploadUrl: 'https://files.example.com' }

describe('a change of registry', () => {
  it('is a change of either origin; not the first address, not a new path', () => {
    expect(registryChange(null, A)).toBeNull()
    expect(registryChange(A, { ...A, baseUrl: 'https://registry.example.com/v2' })).toBeNull()
    expect(registryChange(A, { ...A, baseUrl: 'https://registry.example.com:8443' })).toEqual({
      from: { base: 'https://registry.example.com', upload: 'https://files.example.com' },
      to: { base: 'https://registry.example.com:8443', upload: 'https://files.example.com' },
    })
    expect(registryChange(A, { ...A, uploadUrl: 'https://evil.example' })).not.toBeNull()
  })

  it('is asked in words naming the old and the new host, with Cancel the default', () => {
    const change = registryChange(A, {
      baseUrl: 'https://evil.example',
      uploadUrl: 'https://evil.example',
    })
    if (!change) throw new Error('a change')
    const dialog = registryChangeDialog(change)
    expect(dialog.message).toBe(
      "Send Casefile's work to evil.example instead of registry.example.com (uploads to files.example.com)?",
    )
    expect(dialog.detail).toMatch(/evil\.example needs its own key/)
    expect(dialog.buttons).toEqual(['Use evil.example', 'Keep the current registry'])
    expect(dialog.defaultId).toBe(1)
    expect(dialog.cancelId).toBe(1)
  })

  it('the key account follows the origin of the base URL', () => {
    expect(profileKeyAccount(DEFAULT_SETTINGS, 'registry')).toBeNull()
    expect(profileKeyAccount({ ...DEFAULT_SETTINGS, registry: A }, 'registry')).toBe(
      'registry@https://registry.example.com',
    )
    expect(profileKeyAccount({ ...DEFAULT_SETTINGS, registry: A }, 'sandbox')).toBe('sandbox')
  })
})

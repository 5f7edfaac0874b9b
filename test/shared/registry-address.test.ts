import { describe, expect, it } from 'vitest'
import {
  connectionFileSchema,
  isLoopbackHostname,
  keyAccount,
  registryConnectionSchema,
  registryOrigins,
  registryUrlSchema,
} from '../../src/shared/registry-address'

const refused = (address: string) => registryUrlSchema.safeParse(address)

describe('the one registry address rule', () => {
  it.each([
    'https://registry.example.com',
    'https://registry.example.com:8443/api/',
    'http://127.0.0.1:4010',
    'http://127.9.8.7:4010',
    'http://localhost:4010',
    'http://[::1]:4010/upload-service',
  ])('accepts %s', (address) => {
    expect(refused(address).success).toBe(true)
  })

  it.each([
    ['http://registry.example.com', /https:\/\//],
    ['http://10.0.0.5:4010', /https:\/\//],
    ['http://127.0.0.1.attacker.example', /https:\/\//],
    ['http://localhost.attacker.example', /https:\/\//],
    ['ftp://registry.example.com', /https:\/\//],
    ['https://user:pass@registry.example.com', /user name and password/],
    ['https://user@registry.example.com', /user name and password/],
    ['http://admin:x@127.0.0.1:4010', /user name and password/],
    ['https://registry.example.com/?next=https://evil.example', /\? and #/],
    ['registry.example.com', /in full/],
  ])('refuses %s, saying why', (address, why) => {
    const parsed = refused(address)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toMatch(why)
  })

  it('gives one spelling per address', () => {
    expect(registryUrlSchema.parse(' https://registry.example.com/// ')).toBe(
      'https://registry.example.com',
    )
  })

  it('is the rule of the window, connection.json and the CLI alike', () => {
    const bad = { baseUrl: 'http://registry.example.com', uploadUrl: 'https://u.example.com' }
    expect(registryConnectionSchema.safeParse(bad).success).toBe(false)
    expect(connectionFileSchema.safeParse({ profileId: 'registry', ...bad }).success).toBe(false)
  })

  it('takes a profile only from the known set in connection.json', () => {
    const good = { baseUrl: 'https://r.example.com', uploadUrl: 'https://u.example.com' }
    expect(connectionFileSchema.parse(good).profileId).toBe('registry')
    const parsed = connectionFileSchema.safeParse({ ...good, profileId: 'registry@https://x' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toMatch(/sandbox or registry/)
  })

  it('knows loopback names only as they are', () => {
    expect(isLoopbackHostname('127.0.0.1')).toBe(true)
    expect(isLoopbackHostname('[::1]')).toBe(true)
    expect(isLoopbackHostname('127.0.0.1.nip.io')).toBe(false)
    expect(isLoopbackHostname('128.0.0.1')).toBe(false)
  })
})

describe('the key account', () => {
  it('binds a key to the origin of the base URL', () => {
    expect(keyAccount('registry', 'https://registry.example.com/api')).toBe(
      'registry@https://registry.example.com',
    )
    expect(keyAccount('registry', 'https://registry.example.com:8443')).toBe(
      'registry@https://registry.example.com:8443',
    )
    expect(keyAccount('registry', 'https://registry.example.com:443/')).toBe(
      'registry@https://registry.example.com',
    )
    expect(keyAccount('registry', 'https://other.example.com')).not.toBe(
      keyAccount('registry', 'https://registry.example.com'),
    )
    expect(keyAccount('sandbox', null)).toBe('sandbox')
  })

  it('sees the upload origin as part of the registry', () => {
    expect(
      registryOrigins({ baseUrl: 'https://r.example.com/v1', uploadUrl: 'https://f.example.com/' }),
    ).toEqual({ base: 'https://r.example.com', upload: 'https://f.example.com' })
  })
})

import { describe, expect, it } from 'vitest'
import { proxyFromEnvironment } from '../../../src/core/network/environment-proxy'
import { ProxySettingError } from '../../../src/core/network/network-failure'

const REGISTRY = 'https://registry.example.ng/'

describe('the proxy from the environment, as curl reads it', () => {
  it('takes https_proxy before HTTPS_PROXY before all_proxy for an https registry', () => {
    expect(
      proxyFromEnvironment(REGISTRY, {
        HTTPS_PROXY: 'http://upper:3128',
        https_proxy: 'http://lower:3128',
      }),
    ).toMatchObject({ kind: 'proxy', host: 'lower', port: 3128, via: 'environment' })
    expect(
      proxyFromEnvironment(REGISTRY, {
        HTTPS_PROXY: 'http://upper:3128',
        ALL_PROXY: 'http://all:1',
      }),
    ).toMatchObject({ host: 'upper' })
    expect(proxyFromEnvironment(REGISTRY, { all_proxy: 'http://all:8080' })).toMatchObject({
      host: 'all',
      port: 8080,
    })
    // HTTP_PROXY is for http addresses only.
    expect(proxyFromEnvironment(REGISTRY, { HTTP_PROXY: 'http://plain:3128' })).toEqual({
      kind: 'direct',
      via: 'none',
    })
  })

  it('reads a bare host:port as http, and gives an address without a port curl’s 1080', () => {
    expect(proxyFromEnvironment(REGISTRY, { HTTPS_PROXY: 'proxy.bank.local:8080' })).toMatchObject({
      host: 'proxy.bank.local',
      port: 8080,
    })
    expect(
      proxyFromEnvironment(REGISTRY, { HTTPS_PROXY: 'http://proxy.bank.local' }),
    ).toMatchObject({ port: 1080 })
  })

  it('percent-decodes the user name and password', () => {
    const choice = proxyFromEnvironment(REGISTRY, {
      HTTPS_PROXY: 'http://bank%5Cada:p%40ss%3Aword@proxy:3128',
    })
    expect(choice).toMatchObject({ credentials: { username: 'bank\\ada', password: 'p@ss:word' } })
  })

  it('never sends a registry on this computer through a proxy', () => {
    const env = {
      HTTPS_PROXY: 'http://proxy:3128',
      HTTP_PROXY: 'http://proxy:3128',
      ALL_PROXY: 'http://proxy:3128',
    }
    for (const url of [
      'http://127.0.0.1:4010/',
      'http://localhost:4010/',
      'http://[::1]:4010/',
      'https://127.8.9.10/',
    ])
      expect(proxyFromEnvironment(url, env)).toEqual({ kind: 'direct', via: 'loopback' })
  })

  it('keeps NO_PROXY hosts out: names, .domains, host:port, CIDR and *', () => {
    const proxy = { HTTPS_PROXY: 'http://proxy:3128' }
    const direct = (url: string, noProxy: string) =>
      proxyFromEnvironment(url, { ...proxy, NO_PROXY: noProxy }).kind === 'direct'
    expect(direct(REGISTRY, 'example.ng')).toBe(true)
    expect(direct(REGISTRY, '.example.ng')).toBe(true)
    expect(direct(REGISTRY, '*.example.ng')).toBe(true)
    expect(direct(REGISTRY, 'other.ng, registry.example.ng')).toBe(true)
    expect(direct(REGISTRY, 'ample.ng')).toBe(false)
    expect(direct('https://registry.example.ng:8443/', 'registry.example.ng:443')).toBe(false)
    expect(direct('https://registry.example.ng:8443/', 'registry.example.ng:8443')).toBe(true)
    expect(direct('https://10.20.30.40/', '10.0.0.0/8')).toBe(true)
    expect(direct('https://11.20.30.40/', '10.0.0.0/8')).toBe(false)
    expect(direct(REGISTRY, '*')).toBe(true)
    expect(proxyFromEnvironment(REGISTRY, { ...proxy, no_proxy: 'example.ng' })).toMatchObject({
      kind: 'direct',
      via: 'environment',
    })
  })

  it('refuses what it cannot use with words that say how to write it', () => {
    expect(() => proxyFromEnvironment(REGISTRY, { HTTPS_PROXY: 'socks5://proxy:1080' })).toThrow(
      ProxySettingError,
    )
    expect(() => proxyFromEnvironment(REGISTRY, { HTTPS_PROXY: 'socks5://proxy:1080' })).toThrow(
      /http:\/\/ proxies only/,
    )
    expect(() =>
      proxyFromEnvironment(REGISTRY, { HTTPS_PROXY: 'http://ada:100%@proxy:3128' }),
    ).toThrow(/%40/)
  })
})

import { describe, expect, it } from 'vitest'
import { ProxySettingError } from '../../src/core/network/network-failure'
import { proxyFromPacResult } from '../../src/main/network/pac-result'

const URL = 'https://registry.example.ng/'

describe("the computer's proxy, from what Chromium's resolveProxy answers", () => {
  it('reads DIRECT and PROXY entries, the first one that can be used', () => {
    expect(proxyFromPacResult(URL, 'DIRECT')).toEqual({ kind: 'direct', via: 'os' })
    expect(proxyFromPacResult(URL, 'PROXY proxy.bank.local:8080; DIRECT')).toEqual({
      kind: 'proxy',
      via: 'os',
      host: 'proxy.bank.local',
      port: 8080,
      credentials: undefined,
    })
    expect(proxyFromPacResult(URL, 'SOCKS5 s:1080; PROXY [fd00::1]:3128')).toMatchObject({
      host: 'fd00::1',
      port: 3128,
    })
  })

  it('gives the proxy the credentials kept for it', () => {
    const choice = proxyFromPacResult(URL, 'PROXY proxy.bank.local:8080', ({ host, port }) =>
      host === 'proxy.bank.local' && port === 8080
        ? { username: 'ada', password: 'p@ss' }
        : undefined,
    )
    expect(choice).toMatchObject({ credentials: { username: 'ada', password: 'p@ss' } })
  })

  it('never proxies a registry on this computer, whatever the PAC says', () => {
    expect(proxyFromPacResult('http://127.0.0.1:4010/', 'PROXY proxy:8080')).toEqual({
      kind: 'direct',
      via: 'loopback',
    })
  })

  it('says so when only proxies it cannot use are named', () => {
    expect(() => proxyFromPacResult(URL, 'SOCKS5 s:1080; HTTPS h:443')).toThrow(ProxySettingError)
    expect(() => proxyFromPacResult(URL, 'SOCKS5 s:1080')).toThrow(/HTTP proxies/)
  })
})

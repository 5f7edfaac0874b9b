import { describe, expect, it } from 'vitest'
import {
  internalPlace,
  isRegistryEndpoint,
  linkDestinationProblem,
  registryEndpoints,
} from '../../../src/core/network/link-destination'

/* Where an attachment link may lead: the address its socket connects to, never its spelling. */

describe('internalPlace', () => {
  it.each([
    // IPv4: this computer
    ['127.0.0.1', 'this computer'],
    ['127.255.255.254', 'this computer'],
    ['0.0.0.0', 'this computer'],
    ['0.1.2.3', 'this computer'],
    // IPv4: this network (RFC 1918, link-local, shared CGNAT)
    ['10.0.0.0', 'this network'],
    ['10.1.2.3', 'this network'],
    ['10.255.255.255', 'this network'],
    ['172.16.0.1', 'this network'],
    ['172.31.255.255', 'this network'],
    ['192.168.0.1', 'this network'],
    ['192.168.255.255', 'this network'],
    ['169.254.169.254', 'this network'],
    ['169.254.0.1', 'this network'],
    ['100.64.0.1', 'this network'],
    ['100.127.255.255', 'this network'],
    // IPv4: special use (protocol assignments, benchmarking, multicast, reserved, broadcast)
    ['192.0.0.8', 'special use'],
    ['198.18.0.1', 'special use'],
    ['198.19.255.255', 'special use'],
    ['224.0.0.1', 'special use'],
    ['239.255.255.250', 'special use'],
    ['240.0.0.1', 'special use'],
    ['255.255.255.255', 'special use'],
    // IPv6: this computer
    ['::1', 'this computer'],
    ['::', 'this computer'],
    ['[::1]', 'this computer'],
    ['0:0:0:0:0:0:0:1', 'this computer'],
    // IPv4-mapped and -compatible IPv6, dotted and hex, of every inside range
    ['::ffff:127.0.0.1', 'this computer'],
    ['::ffff:7f00:1', 'this computer'],
    ['::FFFF:7F00:0001', 'this computer'],
    ['0:0:0:0:0:ffff:7f00:1', 'this computer'],
    ['::ffff:0.0.0.0', 'this computer'],
    ['::ffff:10.1.2.3', 'this network'],
    ['::ffff:a01:203', 'this network'],
    ['::ffff:192.168.1.1', 'this network'],
    ['::ffff:c0a8:101', 'this network'],
    ['::ffff:169.254.169.254', 'this network'],
    ['::ffff:100.64.0.1', 'this network'],
    ['::ffff:224.0.0.1', 'special use'],
    ['::127.0.0.1', 'this computer'],
    ['::10.1.2.3', 'this network'],
    ['::203.0.113.7', 'special use'],
    // NAT64 of inside addresses; the local-use prefix is the organization's own
    ['64:ff9b::127.0.0.1', 'this computer'],
    ['64:ff9b::a01:203', 'this network'],
    ['64:ff9b::192.168.1.1', 'this network'],
    ['64:ff9b:1::a01:203', 'this network'],
    ['64:ff9b:1::203.0.113.7', 'this network'],
    // 6to4 of an inside address, Teredo (any IPv4 hidden inside)
    ['2002:7f00:1::1', 'this computer'],
    ['2002:a01:203::1', 'this network'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'special use'],
    // IPv6: unique-local, link-local (with a zone), site-local
    ['fc00::1', 'this network'],
    ['fd12:3456:789a::1', 'this network'],
    ['fe80::1', 'this network'],
    ['fe80::1%eth0', 'this network'],
    ['febf:ffff::1', 'this network'],
    ['fec0::1', 'this network'],
    // IPv6: multicast, discard, unassigned
    ['ff02::1', 'special use'],
    ['ff0e::1', 'special use'],
    ['100::1', 'special use'],
    ['4000::1', 'special use'],
    // Not an address at all: not connected to
    ['intranet.example', 'special use'],
    ['127.1', 'special use'],
    ['', 'special use'],
  ])('%s is %s', (address, place) => {
    expect(internalPlace(address)).toBe(place)
  })

  it.each([
    // Documentation (TEST-NET) and other public addresses: places on the internet
    '192.0.2.10',
    '198.51.100.7',
    '203.0.113.7',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '169.253.255.255',
    '192.167.255.255',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '11.0.0.1',
    '126.255.255.255',
    '128.0.0.1',
    '2001:db8::1',
    '2606:4700:4700::1111',
    '::ffff:203.0.113.7',
    '::ffff:cb00:7107',
    '64:ff9b::203.0.113.7',
    '2002:cb00:7107::1',
  ])('%s is on the internet', (address) => {
    expect(internalPlace(address)).toBeNull()
  })
})

describe('linkDestinationProblem', () => {
  const registry = registryEndpoints([
    'http://127.0.0.1:4010',
    'https://files.registry.example/upload',
  ])

  it('knows the registry by host and port, the default port filled in', () => {
    expect(registry).toEqual([
      { host: '127.0.0.1', port: 4010 },
      { host: 'files.registry.example', port: 443 },
    ])
    expect(registryEndpoints(['https://[::1]:8443'])).toEqual([{ host: '::1', port: 8443 }])
    expect(registryEndpoints(['http://localhost'])).toEqual([{ host: 'localhost', port: 80 }])
    expect(isRegistryEndpoint(registry, { host: 'FILES.Registry.Example.', port: 443 })).toBe(true)
    expect(isRegistryEndpoint(registry, { host: '127.0.0.1', port: 4011 })).toBe(false)
    expect(isRegistryEndpoint(registry, { host: 'files.registry.example', port: 8443 })).toBe(false)
  })

  it("allows the registry's own host and port wherever it leads", () => {
    expect(linkDestinationProblem({ host: '127.0.0.1', port: 4010 }, ['127.0.0.1'], registry)).toBe(
      null,
    )
    expect(
      linkDestinationProblem({ host: 'files.registry.example', port: 443 }, ['10.0.0.5'], registry),
    ).toBe(null)
  })

  it('refuses another port of the registry host, in words', () => {
    expect(linkDestinationProblem({ host: '127.0.0.1', port: 22 }, ['127.0.0.1'], registry)).toBe(
      'The link\u2019s host, 127.0.0.1, is this computer; Casefile does not fetch links to this computer or its network.',
    )
  })

  it('names the host and the address it leads to', () => {
    expect(
      linkDestinationProblem({ host: 'intranet.example', port: 443 }, ['10.1.2.3'], registry),
    ).toBe(
      'The link\u2019s host, intranet.example, is an address inside this network (10.1.2.3); Casefile does not fetch links to this computer or its network.',
    )
    expect(
      linkDestinationProblem({ host: 'evil.example', port: 443 }, ['::ffff:7f00:1'], registry),
    ).toBe(
      'The link\u2019s host, evil.example, is this computer (::ffff:7f00:1); Casefile does not fetch links to this computer or its network.',
    )
    expect(linkDestinationProblem({ host: 'x.example', port: 443 }, ['ff02::1'], registry)).toMatch(
      /^The link’s host, x\.example, is an address set aside for special use, not a place on the internet \(ff02::1\)/,
    )
  })

  it('refuses a name with any inside answer among public ones', () => {
    expect(
      linkDestinationProblem(
        { host: 'mixed.example', port: 443 },
        ['203.0.113.7', '192.168.1.20'],
        registry,
      ),
    ).toMatch(/mixed\.example, is an address inside this network \(192\.168\.1\.20\)/)
  })

  it('allows a name that leads only to the internet', () => {
    expect(
      linkDestinationProblem(
        { host: 'files.example.com', port: 443 },
        ['203.0.113.7', '2001:db8::7'],
        registry,
      ),
    ).toBe(null)
  })
})

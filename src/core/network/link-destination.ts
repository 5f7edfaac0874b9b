import { isIPv4, isIPv6 } from 'node:net'

// ---------------------------------------------------------------------------------------------
// THE ONE RULE for where an attachment link may lead. A report's links are written by whoever
// filed it, at any organization; fetched from an investigator's laptop, through the bank's proxy
// and with the bank's certificates, a link to a name that leads inside the bank would carry an
// internal page into a case file. So the address a link's socket is about to connect to (each
// one the name resolved to) is checked here, not the link's spelling. Pure: no lookup, no I/O.

/** A host and port a connection is made to (the host as the URL names it, brackets off). */
export interface Endpoint {
  host: string
  port: number
}

/**
 * Where an address leads when it is not a place on the internet: this computer (loopback,
 * unspecified), this network (private, link-local, shared CGNAT, unique-local), or an address
 * set aside for special use (multicast, broadcast, reserved, unassigned).
 */
export type InternalPlace = 'this computer' | 'this network' | 'special use'

type V4 = readonly [number, number, number, number]

/** The four bytes of a dotted IPv4 address, as DNS and the URL parser write them; else null. */
function v4Bytes(text: string): V4 | null {
  if (!isIPv4(text)) return null
  return text.split('.').map(Number) as unknown as V4
}

/** The sixteen bytes of an IPv6 address (`::`, an embedded dotted quad, a zone id allowed). */
function v6Bytes(text: string): number[] | null {
  const address = text.replace(/%.*$/, '')
  if (!isIPv6(address)) return null
  let groups = address.toLowerCase()
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(groups)?.[1]
  if (quad) {
    const [a, b, c, d] = v4Bytes(quad) ?? [0, 0, 0, 0]
    groups = `${groups.slice(0, -quad.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = groups.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0')
  const words = [...left, ...middle, ...right].map((word) => parseInt(word, 16))
  return words.flatMap((word) => [word >> 8, word & 0xff])
}

/** Where an IPv4 address leads, or null for a place on the internet. */
function v4Place([a, b, c]: V4): InternalPlace | null {
  if (a === 0 || a === 127) return 'this computer'
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168))
    return 'this network'
  if (a === 100 && b >= 64 && b <= 127) return 'this network' // shared address space (CGNAT)
  if (a === 169 && b === 254) return 'this network' // link-local, cloud metadata services
  if (a === 192 && b === 0 && c === 0) return 'special use' // IETF protocol assignments
  if (a === 198 && (b === 18 || b === 19)) return 'special use' // benchmarking
  if (a >= 224) return 'special use' // multicast, reserved, broadcast
  return null
}

const startsWith = (bytes: readonly number[], prefix: readonly number[]) =>
  prefix.every((byte, i) => bytes[i] === byte)

const v4At = (bytes: readonly number[], at: number): V4 =>
  [bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0] as const

/** Where an IPv6 address leads, or null for a place on the internet. */
function v6Place(bytes: readonly number[]): InternalPlace | null {
  const zeros = (n: number) => Array<number>(n).fill(0)
  // ::ffff:a.b.c.d (IPv4-mapped, also written ::ffff:7f00:1) is that IPv4 address.
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return v4Place(v4At(bytes, 12))
  if (startsWith(bytes, zeros(12))) {
    const last = bytes.slice(12)
    if (last.every((byte) => byte === 0) || startsWith(last, [0, 0, 0, 1])) return 'this computer'
    return v4Place(v4At(bytes, 12)) ?? 'special use' // IPv4-compatible (deprecated)
  }
  // NAT64 (64:ff9b::/96) reaches the IPv4 address in its last four bytes; the local-use prefix
  // (64:ff9b:1::/48) is the organization's own translator.
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return v4Place(v4At(bytes, 12))
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1])) return 'this network'
  // 6to4 (2002::/16) reaches the IPv4 address in bytes 2-5.
  if (startsWith(bytes, [0x20, 0x02])) return v4Place(v4At(bytes, 2))
  if (startsWith(bytes, [0x20, 0x01, 0, 0])) return 'special use' // Teredo: any IPv4 inside
  const [first = 0, second = 0] = bytes
  if ((first & 0xfe) === 0xfc) return 'this network' // unique-local fc00::/7
  if (first === 0xfe && (second & 0xc0) === 0x80) return 'this network' // link-local fe80::/10
  if (first === 0xfe && (second & 0xc0) === 0xc0) return 'this network' // site-local fec0::/10
  if (first === 0xff) return 'special use' // multicast
  // Only 2000::/3 is assigned for the internet; the rest (100::/64 discard…) is not a place on it.
  return (first & 0xe0) === 0x20 ? null : 'special use'
}

/**
 * Where an address (IPv4 or IPv6, as a lookup answers or a URL names it) leads when it is not a
 * place on the internet; null when it is one. Anything that is not an address is 'special use':
 * what cannot be read is not connected to. Documentation ranges (192.0.2/24, 2001:db8::/32) are
 * not refused: nothing routes them, so they lead nowhere inside.
 */
export function internalPlace(address: string): InternalPlace | null {
  const bare = address.replace(/^\[|\]$/g, '')
  const v4 = v4Bytes(bare)
  if (v4) return v4Place(v4)
  const v6 = v6Bytes(bare)
  return v6 ? v6Place(v6) : 'special use'
}

const bareHost = (host: string) =>
  host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()

/** Whether the endpoint is the registry's own (its base or upload address): host and port. */
export function isRegistryEndpoint(registry: readonly Endpoint[], target: Endpoint): boolean {
  return registry.some(
    (own) => bareHost(own.host) === bareHost(target.host) && own.port === target.port,
  )
}

/** The registry's own endpoints: the host and port of its base and upload addresses. */
export function registryEndpoints(addresses: readonly string[]): Endpoint[] {
  return addresses.map((address) => {
    const url = new URL(address)
    return {
      host: bareHost(url.hostname),
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    }
  })
}

const PLACE_WORDS: Record<InternalPlace, string> = {
  'this computer': 'is this computer',
  'this network': 'is an address inside this network',
  'special use': 'is an address set aside for special use, not a place on the internet',
}

/**
 * What is wrong with connecting to `addresses` (every one the link's host resolved to) for an
 * attachment link to `target`, in words a person reads; null when Casefile may connect. The
 * registry's own host and port are always allowed (a registry on this computer or the bank's
 * network is still the registry); anything else must lead only to the internet, every address
 * of it (a name that answers one public and one private address is refused).
 */
export function linkDestinationProblem(
  target: Endpoint,
  addresses: readonly string[],
  registry: readonly Endpoint[],
): string | null {
  if (isRegistryEndpoint(registry, target)) return null
  const host = bareHost(target.host)
  for (const address of addresses) {
    const place = internalPlace(address)
    if (!place) continue
    const shown = bareHost(address) === host ? '' : ` (${bareHost(address)})`
    return `The link\u2019s host, ${host}, ${PLACE_WORDS[place]}${shown}; Casefile does not fetch links to this computer or its network.`
  }
  return null
}

/** Words for a link whose host this computer cannot resolve, so it cannot check where it leads. */
export function unresolvedLinkWords(target: Endpoint): string {
  return `The link\u2019s host, ${bareHost(target.host)}, cannot be found from this computer, so Casefile cannot check that it is outside this network and does not fetch it through the proxy.`
}

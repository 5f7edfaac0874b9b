import type { AxiosInstance } from 'axios'
import type nodeHttp from 'node:http'
import type https from 'node:https'
import { registryAddressProblem } from '../../shared/registry-address'
import {
  isRegistryEndpoint,
  registryEndpoints,
  type Endpoint,
  LinkDestinationError,
  describeNetworkRefusal,
  isNetworkRefusalError,
  type NetworkRefusal,
} from '../network/network'
import { isAxiosError } from './registry-request'

/** The file behind an attachment link, as the registry sent it. */
export interface FetchedLink {
  bytes: Buffer
  contentType: string | null
}

/** Why a link's file could not be fetched: not reachable now, refused, or larger than any attachment. */
export class LinkFetchError extends Error {
  constructor(
    readonly kind: 'offline' | 'refused' | 'too_large',
    message: string,
    /** The network's refusal behind an offline one, for a front to word with its own controls. */
    readonly refusal?: NetworkRefusal,
  ) {
    super(message)
    this.name = 'LinkFetchError'
  }
}

/**
 * How a link's file is fetched: the registry client's HTTP client, and agents with its proxy
 * and certificates that check every connection (network/link-guard.ts).
 */
export interface LinkTransport {
  client: AxiosInstance
  httpsAgent: https.Agent
  httpAgent: nodeHttp.Agent
}

const tooLargeWords = (maxBytes: number) =>
  `The registry sent more than ${Math.round(maxBytes / 1024 / 1024)} MiB for this file, more than any attachment can be, so Casefile stopped reading it.`

/** An IPv4 address in a range that is this computer or a private network, never the internet's. */
function privateIPv4(host: string): boolean {
  const parts = host.split('.').map(Number)
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255))
    return false
  const [a, b] = parts as [number, number, number, number]
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  )
}

/**
 * Whether a host is written as one on this computer or the organization's own network: loopback
 * and private addresses, IPv6 literals, names with no dot, and the suffixes of internal names.
 * Only a first, cheap sieve (such a name is not even looked up, so no resolver hears it): where
 * a link really leads is checked on the address its socket connects to (network/link-guard.ts).
 */
function internalHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '')
  return (
    name.startsWith('[') ||
    privateIPv4(name) ||
    !name.includes('.') ||
    /(^|\.)localhost$/.test(name) ||
    /\.(local|internal|intranet|lan|corp|home\.arpa)$/.test(name)
  )
}

/**
 * Whether Casefile may fetch a link: https, or http only on this computer (the one address rule),
 * with no user name or password in it, and not written as this computer or the organization's
 * own network unless it is the registry's own host and port. A query is allowed (a storage
 * service's signed link).
 */
function linkAddressProblem(value: string, registry: readonly Endpoint[]): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'This attachment\u2019s link is not a web address, so Casefile cannot fetch it.'
  }
  const withoutQuery = `${url.protocol}//${url.host}${url.pathname}`
  const problem =
    url.username || url.password ? 'credentials' : registryAddressProblem(withoutQuery)
  if (problem)
    return 'This attachment\u2019s link is not a secure (https) address, so Casefile does not fetch it.'
  const [own] = registryEndpoints([`${url.protocol}//${url.host}`])
  if (!(own && isRegistryEndpoint(registry, own)) && internalHost(url.hostname))
    return `This attachment\u2019s link points inside a private network (${url.hostname}), not to the registry, so Casefile does not fetch it.`
  return null
}

/**
 * The file behind an attachment link (registry-api.md 4.9: the url the upload answered),
 * through the same proxy and certificates as every call, each connection checked to lead to the
 * registry's own host and port or outside this computer and its network; never with the API key
 * (the link may be on another host), never following a redirect (its target was never checked),
 * and read only up to `maxBytes`. Throws LinkFetchError, in words a person reads.
 */
export async function fetchLink(
  transport: () => Promise<LinkTransport>,
  url: string,
  o: {
    maxBytes: number
    timeoutMs: number
    /** The registry's own host and port (its base and upload addresses), always allowed. */
    registry: readonly Endpoint[]
    userAgent?: string
    signal?: AbortSignal
  },
): Promise<FetchedLink> {
  const problem = linkAddressProblem(url, o.registry)
  if (problem) throw new LinkFetchError('refused', problem)
  const { client, httpsAgent, httpAgent } = await transport()
  const timer = AbortSignal.timeout(o.timeoutMs)
  const signal = o.signal ? AbortSignal.any([o.signal, timer]) : timer
  const headers: Record<string, string | false> = { accept: '*/*', 'content-type': false }
  if (o.userAgent) headers['user-agent'] = o.userAgent
  let answer
  try {
    answer = await client.request<ArrayBuffer>({
      method: 'GET',
      url,
      headers,
      signal,
      timeout: o.timeoutMs,
      maxRedirects: 0,
      proxy: false,
      httpsAgent,
      httpAgent,
      maxContentLength: o.maxBytes,
      responseType: 'arraybuffer',
      decompress: true,
      validateStatus: () => true,
    })
  } catch (error) {
    const code = isAxiosError(error) ? error.code : (error as { code?: string } | null)?.code
    const root = isAxiosError(error) ? error.cause : error
    if (root instanceof LinkDestinationError) throw new LinkFetchError('refused', root.message)
    if (isNetworkRefusalError(root))
      throw new LinkFetchError('offline', describeNetworkRefusal(root.refusal), root.refusal)
    if (code === 'ERR_BAD_RESPONSE' && /maxContentLength/.test((error as Error).message))
      throw new LinkFetchError('too_large', tooLargeWords(o.maxBytes))
    if (o.signal?.aborted) throw new LinkFetchError('offline', 'The download was stopped.')
    throw new LinkFetchError(
      'offline',
      timer.aborted
        ? 'The registry took too long to send this file. Try again later.'
        : 'The registry could not be reached, so this file cannot be fetched now. Try again when this computer is connected.',
    )
  }
  const status = answer.status
  if (status >= 300 && status < 400)
    throw new LinkFetchError(
      'refused',
      'The registry sent this link on to another address, which Casefile does not follow. Open the report on the registry itself to see the file.',
    )
  if (status === 404 || status === 410)
    throw new LinkFetchError('refused', 'The registry no longer has this file.')
  if (status < 200 || status >= 300)
    throw new LinkFetchError(
      'refused',
      status >= 500 || status === 429
        ? 'The registry could not send this file just now. Try again in a few minutes.'
        : 'The registry would not hand over this file.',
    )
  // Node's axios gives the body as one Buffer already: kept, not copied (an attachment is MBs).
  const data: unknown = answer.data
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(answer.data)
  if (bytes.length > o.maxBytes) throw new LinkFetchError('too_large', tooLargeWords(o.maxBytes))
  const type = answer.headers?.['content-type']
  return { bytes, contentType: typeof type === 'string' ? type : null }
}

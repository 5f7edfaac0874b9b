import type { AxiosInstance } from 'axios'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
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

interface LinkOptions {
  maxBytes: number
  timeoutMs: number
  /** The registry's own host and port (its base and upload addresses), always allowed. */
  registry: readonly Endpoint[]
  userAgent?: string
  signal?: AbortSignal
}

/** Words for a download that did not come whole: stopped here, too slow, or not reached. */
function notHadWords(o: LinkOptions, timer: AbortSignal): string {
  if (o.signal?.aborted) return 'The download was stopped.'
  return timer.aborted
    ? 'The registry took too long to send this file. Try again later.'
    : 'The registry could not be reached, so this file cannot be fetched now. Try again when this computer is connected.'
}

/**
 * The registry's answer for a link, checked (address, connection, status) before its body is
 * read: as one Buffer (`arraybuffer`, read up to `maxBytes` by axios) or as a stream.
 */
async function linkAnswer<T>(
  transport: () => Promise<LinkTransport>,
  url: string,
  o: LinkOptions,
  timer: AbortSignal,
  responseType: 'arraybuffer' | 'stream',
) {
  const problem = linkAddressProblem(url, o.registry)
  if (problem) throw new LinkFetchError('refused', problem)
  const { client, httpsAgent, httpAgent } = await transport()
  const signal = o.signal ? AbortSignal.any([o.signal, timer]) : timer
  const headers: Record<string, string | false> = { accept: '*/*', 'content-type': false }
  if (o.userAgent) headers['user-agent'] = o.userAgent
  let answer
  try {
    answer = await client.request<T>({
      method: 'GET',
      url,
      headers,
      signal,
      timeout: o.timeoutMs,
      maxRedirects: 0,
      proxy: false,
      httpsAgent,
      httpAgent,
      // A stream is measured as it is read (fetchLinkToFile), with its own words.
      maxContentLength: responseType === 'stream' ? -1 : o.maxBytes,
      responseType,
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
    throw new LinkFetchError('offline', notHadWords(o, timer))
  }
  const status = answer.status
  if (status >= 200 && status < 300) return answer
  // Nothing of a refused answer is read.
  if (responseType === 'stream') (answer.data as Readable).destroy()
  if (status >= 300 && status < 400)
    throw new LinkFetchError(
      'refused',
      'The registry sent this link on to another address, which Casefile does not follow. Open the report on the registry itself to see the file.',
    )
  if (status === 404 || status === 410)
    throw new LinkFetchError('refused', 'The registry no longer has this file.')
  throw new LinkFetchError(
    'refused',
    status >= 500 || status === 429
      ? 'The registry could not send this file just now. Try again in a few minutes.'
      : 'The registry would not hand over this file.',
  )
}

const contentType = (headers: { [name: string]: unknown } | undefined) => {
  const type = headers?.['content-type']
  return typeof type === 'string' ? type : null
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
  o: LinkOptions,
): Promise<FetchedLink> {
  const timer = AbortSignal.timeout(o.timeoutMs)
  const answer = await linkAnswer<ArrayBuffer>(transport, url, o, timer, 'arraybuffer')
  // Node's axios gives the body as one Buffer already: kept, not copied (an attachment is MBs).
  const data: unknown = answer.data
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(answer.data)
  if (bytes.length > o.maxBytes) throw new LinkFetchError('too_large', tooLargeWords(o.maxBytes))
  return { bytes, contentType: contentType(answer.headers) }
}

/** A link's file written to a file as it came (fetchLinkToFile). */
export interface FetchedLinkFile {
  size: number
  contentType: string | null
}

/** More bytes came than `maxBytes`. */
class TooMuch extends Error {}

/**
 * The file behind an attachment link, as fetchLink fetches it (the same checks, the same
 * words), written to `path` (owner only) as it comes rather than held whole: each piece given to
 * `onPiece` on the way (to be summed), the download stopped once it passes `maxBytes`. When it
 * does not come whole (too large, cut off, too slow, stopped) nothing is left at `path`.
 */
export async function fetchLinkToFile(
  transport: () => Promise<LinkTransport>,
  url: string,
  path: string,
  o: LinkOptions & { onPiece?: (piece: Buffer) => void },
): Promise<FetchedLinkFile> {
  const timer = AbortSignal.timeout(o.timeoutMs)
  const answer = await linkAnswer<Readable>(transport, url, o, timer, 'stream')
  const body = answer.data
  if (Number(answer.headers?.['content-length']) > o.maxBytes) {
    body.destroy()
    throw new LinkFetchError('too_large', tooLargeWords(o.maxBytes))
  }
  let size = 0
  const meter = new Transform({
    transform(piece: Buffer, _encoding, done) {
      size += piece.length
      if (size > o.maxBytes) return done(new TooMuch())
      o.onPiece?.(piece)
      done(null, piece)
    },
  })
  const file = createWriteStream(path, { mode: 0o600 })
  // Where the first failure was: a failure destroys the other streams with the same error.
  let firstFailed: 'file' | 'download' | null = null
  file.once('error', () => (firstFailed ??= 'file'))
  for (const stream of [body, meter]) stream.once('error', () => (firstFailed ??= 'download'))
  try {
    await pipeline(body, meter, file)
  } catch (error) {
    await rm(path, { force: true })
    // This computer's disk (full, not writable): its own error, not the registry's.
    if (firstFailed === 'file') throw error
    if (error instanceof TooMuch) throw new LinkFetchError('too_large', tooLargeWords(o.maxBytes))
    if (o.signal?.aborted || timer.aborted)
      throw new LinkFetchError('offline', notHadWords(o, timer))
    throw new LinkFetchError(
      'offline',
      'The registry stopped sending this file before its end, so Casefile did not keep it. Try again when this computer is connected.',
    )
  }
  return { size, contentType: contentType(answer.headers) }
}

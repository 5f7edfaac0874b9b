import type { AxiosInstance, AxiosProgressEvent, AxiosStatic } from 'axios'
import { createHash } from 'node:crypto'
import nodeHttp from 'node:http'
import type https from 'node:https'
import type { z } from 'zod'
import {
  isNetworkRefusalError,
  type NetworkRefusal,
  failedBeforeSend,
  registryEndpoints,
  createLinkAgents,
  createRegistryAgent,
  type NetworkSettings,
} from '../network/network'
import { classifyTransportFailure, networkRefused } from './classify-failure'
import { ENDPOINTS, fillPath, joinUrl, type EndpointName } from './endpoints'
import { answerTooLarge, MAX_RESPONSE_BYTES, readAnswer } from './registry-answer'
import type { RegistryConnection } from './registry-connection'
import { RegistryError, registryQuietMs } from '../registry-error'
import { peerCertificateSha256, type AnswerSeen } from './answer-seen'

export type { AnswerSeen }

type NetworkRefusalType = NetworkRefusal['type']

export interface ExchangeLogEntry {
  at: string
  endpoint: string
  status?: number
  durationMs: number
  outcome: 'ok' | RegistryError['kind']
  message?: string
  /** Set when the network (a certificate, a proxy) refused the call, not the registry. */
  networkRefusal?: NetworkRefusalType
  /** That refusal's facts, for a front that words it itself (the message is the core's words). */
  refusal?: NetworkRefusal
}

export interface RegistryClientOptions {
  /** The API key, asked for at each call so a replaced key takes effect at once. Never logged. */
  getApiKey: () => string | undefined | Promise<string | undefined>
  /** Per-request time limit for JSON calls (ms). */
  timeoutMs?: number
  /** Time limit for uploads and bulk files (ms); they carry files of up to several MiB. */
  uploadTimeoutMs?: number
  /** Told of every exchange, for the local log: endpoint, status, time, outcome; never the key. */
  onExchange?: (entry: ExchangeLogEntry) => void
  userAgent?: string
  http?: AxiosInstance
  /** The proxy and certificates (registry-transport.ts); the environment's proxy by default. */
  network?: NetworkSettings
  /**
   * Told of the registry's clock at every answer that carries a Date header (second precision):
   * the laptop's clock may be wrong by minutes or an hour, the registry's stamps are not.
   */
  onServerClock?: (sample: ServerClockSample) => void
  /** An agent of its own for https (the doctor's, which watches the connection). */
  httpsAgent?: https.Agent
}

export interface ServerClockSample {
  /** The registry's Date header (epoch ms, whole seconds). */
  serverDate: number
  /** This computer's clock when the request started and when the answer came. */
  sentAt: number
  receivedAt: number
}

export interface CallOptions {
  signal?: AbortSignal
}

export interface UploadProgress {
  loaded: number
  total?: number
}

/** One call to an endpoint: what to fill in, send and wait for. */
export type RegistryRequest = {
  id?: string
  base?: 'base' | 'upload'
  auth?: boolean
  json?: unknown
  form?: FormData
  query?: Record<string, string | number>
  timeoutMs?: number
  onProgress?: (progress: UploadProgress) => void
  /** Told of the answer's body, as its bytes came, once it was checked (a case file hashes it). */
  onBody?: (body: string, seen: AnswerSeen) => void
} & CallOptions

export const DEFAULT_TIMEOUT_MS = 15_000

const fingerprint = (key: string) => createHash('sha256').update(key).digest('hex')

/**
 * axios is loaded on the first request, not with the client: a command that never talks to
 * the registry (casefile outbox) starts without it (it and what it pulls in weigh ~100 ms).
 */
let axiosModule: Promise<{ default: AxiosStatic }> | null = null
const loadAxios = () => (axiosModule ??= import('axios'))

/** What axios.isAxiosError checks, without needing axios loaded (an injected http may throw). */
export const isAxiosError = (error: unknown): error is { code?: string; cause?: unknown } =>
  typeof error === 'object' &&
  error !== null &&
  (error as { isAxiosError?: unknown }).isAxiosError === true

/**
 * How every call to the registry is made: the key asked for, the quiet the registry asked for
 * kept, the request sent through the computer's proxy and certificates, the answer read
 * (registry-answer.ts), and each exchange told to the log. Every failure is one RegistryError.
 */
export function createRegistryRequester(
  connection: RegistryConnection,
  options: RegistryClientOptions,
) {
  let http: AxiosInstance | undefined = options.http
  const httpClient = async () => (http ??= (await loadAxios()).default.create())
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  // https through the computer's proxy and trusted certificates (registry-agent.ts); http is
  // only ever a registry on this computer (registry-address.ts) and goes straight to it.
  let httpsAgent: https.Agent | undefined = options.httpsAgent
  let httpAgent: nodeHttp.Agent | undefined
  const agents = () => ({
    httpsAgent: (httpsAgent ??= createRegistryAgent(options.network)),
    httpAgent: (httpAgent ??= new nodeHttp.Agent({ keepAlive: true })),
  })
  // An attachment link's own agents, its every connection checked (link-guard.ts).
  let linkAgents: ReturnType<typeof createLinkAgents> | undefined
  const forLinks = () =>
    (linkAgents ??= createLinkAgents(
      options.network ?? {},
      registryEndpoints([connection.baseUrl, connection.uploadUrl]),
    ))
  /**
   * Until when the registry asked for quiet: a 429's Retry-After holds for every request to it,
   * a 503's for the whole service (registry-notes.md, "A polite client"). Until then nothing is
   * sent; a call is refused here, as the registry would have refused it, with the time left.
   */
  let quietUntil = 0
  /** A fingerprint of the key a keyed call last succeeded with (never the key itself). */
  let acceptedKey: string | null = null

  async function call<S extends z.ZodType>(
    name: EndpointName,
    schema: S,
    request: RegistryRequest,
  ): Promise<z.output<S>> {
    const { method, path } = ENDPOINTS[name]
    const endpoint = `${method} ${path}`
    const auth = request.auth ?? true
    const started = Date.now()
    const log = (
      outcome: ExchangeLogEntry['outcome'],
      status?: number,
      message?: string,
      refusal?: NetworkRefusal,
    ) =>
      options.onExchange?.({
        at: new Date(started).toISOString(),
        endpoint,
        status,
        durationMs: Date.now() - started,
        outcome,
        message,
        ...(refusal ? { networkRefusal: refusal.type, refusal } : {}),
      })
    const fail = (error: RegistryError): never => {
      log(error.kind, error.status, error.message, error.networkRefusal)
      throw error
    }

    const apiKey = auth ? await options.getApiKey() : undefined
    if (auth && !apiKey)
      fail(
        new RegistryError({
          kind: 'unauthorized',
          message: 'No API key is set for this connection.',
          endpoint,
          outcomeUnknown: false,
        }),
      )

    const quietFor = quietUntil - Date.now()
    if (quietFor > 0)
      fail(
        new RegistryError({
          kind: 'rate_limited',
          message: `The registry asked Casefile to send nothing more for now: try again in ${Math.ceil(quietFor / 1000)} s.`,
          endpoint,
          retryAfterMs: quietFor,
          outcomeUnknown: false,
        }),
      )

    // Loaded before the clock starts: loading axios is not the registry being slow.
    const client = await httpClient()
    const limit = request.timeoutMs ?? timeoutMs
    const timer = AbortSignal.timeout(limit)
    const signal = request.signal ? AbortSignal.any([request.signal, timer]) : timer
    const headers: Record<string, string | false> = { accept: 'application/json' }
    if (options.userAgent) headers['user-agent'] = options.userAgent
    if (apiKey) headers['x-api-key'] = apiKey
    if (request.json !== undefined) headers['content-type'] = 'application/json'
    // No body (unlist, GETs): no content type either, not axios's form default.
    else if (!request.form) headers['content-type'] = false

    const base = request.base === 'upload' ? connection.uploadUrl : connection.baseUrl
    let answer
    try {
      answer = await client.request<string>({
        method,
        url: joinUrl(base, fillPath(path, request.id)),
        params: request.query,
        data: request.json !== undefined ? JSON.stringify(request.json) : request.form,
        headers,
        signal,
        timeout: limit,
        maxRedirects: 0, // a redirected POST could be sent twice
        // Never axios's own reading of HTTP_PROXY: the agent chooses (and never for loopback).
        proxy: false,
        ...agents(),
        maxContentLength: MAX_RESPONSE_BYTES,
        maxBodyLength: Infinity,
        responseType: 'text',
        transformResponse: [(body: unknown) => body],
        validateStatus: () => true,
        onUploadProgress: request.onProgress
          ? (event: AxiosProgressEvent) =>
              request.onProgress?.({ loaded: event.loaded, total: event.total })
          : undefined,
      })
    } catch (error) {
      const code = isAxiosError(error) ? error.code : (error as { code?: string } | null)?.code
      const callerAborted = request.signal?.aborted === true
      const root = isAxiosError(error) ? error.cause : error
      if (isNetworkRefusalError(root) && !callerAborted)
        return fail(networkRefused(endpoint, root.refusal))
      if (code === 'ERR_BAD_RESPONSE' && /maxContentLength/.test((error as Error).message))
        return fail(answerTooLarge(endpoint))
      const cause = isAxiosError(error)
        ? (error.cause as { code?: string } | undefined)?.code
        : undefined
      return fail(
        classifyTransportFailure(endpoint, {
          code: cause ?? code,
          timedOut: timer.aborted && !callerAborted,
          cancelled: callerAborted,
          // The agent marks what failed before the request was handed a connection; otherwise
          // the classifier rules bytes out by the error code where it can.
          requestSent: !failedBeforeSend(root),
        }),
      )
    }

    const serverDate = Date.parse(String(answer.headers?.['date'] ?? ''))
    if (!Number.isNaN(serverDate))
      options.onServerClock?.({ serverDate, sentAt: started, receivedAt: Date.now() })
    const body = typeof answer.data === 'string' ? answer.data : String(answer.data ?? '')
    const status = answer.status
    const headersOf = answer.headers as Record<string, unknown>
    const read = readAnswer(endpoint, { status, headers: headersOf, body }, schema, apiKey)
    if (!read.ok) {
      const quiet = registryQuietMs(read.error)
      if (quiet !== undefined) quietUntil = Math.max(quietUntil, Date.now() + quiet)
      return fail(read.error)
    }
    log('ok', status)
    if (auth && apiKey) acceptedKey = fingerprint(apiKey)
    request.onBody?.(body, {
      status,
      receivedAt: Date.now(),
      certificateSha256: peerCertificateSha256(answer),
    })
    return read.data
  }

  return {
    call,
    /** The HTTP client and the agents a link's file is fetched through (link-fetch.ts). */
    linkTransport: async () => ({ client: await httpClient(), ...forLinks() }),
    /** Whether a keyed call has succeeded with this key (the last one that did). */
    keyAccepted: (key: string) => fingerprint(key) === acceptedKey,
    /** Until when the registry asked for quiet (epoch ms), or 0: nothing is sent before. */
    quietUntil: () => quietUntil,
    /** Keeps a quiet the registry asked for earlier (kept in the data folder) for `ms` more. */
    holdQuiet: (ms: number) => {
      quietUntil = Math.max(quietUntil, Date.now() + ms)
    },
    /** Closes kept-alive connections (a proxy's tunnels among them): the core is closing. */
    close(): void {
      httpsAgent?.destroy()
      httpAgent?.destroy()
      linkAgents?.httpsAgent.destroy()
      linkAgents?.httpAgent.destroy()
    },
  }
}

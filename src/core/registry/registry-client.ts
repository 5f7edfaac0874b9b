import type { AxiosInstance, AxiosProgressEvent, AxiosStatic } from 'axios'
import { createHash } from 'node:crypto'
import { openAsBlob } from 'node:fs'
import nodeHttp from 'node:http'
import type https from 'node:https'
import {
  describeNetworkRefusal,
  isNetworkRefusalError,
  type NetworkRefusal,
} from '../network/network-failure'

type NetworkRefusalType = NetworkRefusal['type']
import { failedBeforeSend } from '../network/registry-agent'
import { createRegistryAgent, type NetworkSettings } from '../network/registry-transport'
import type { z } from 'zod'
import {
  bankListResponseSchema,
  bulkUploadResponseSchema,
  createReportResponseSchema,
  decodeSubmissionResponseSchema,
  getSubmissionResponseSchema,
  searchResponseSchema,
  submissionsResponseSchema,
  unlistResponseSchema,
  updateReportResponseSchema,
  uploadResponseSchema,
  type Bank,
  type BulkUploadResult,
  type CreatedReport,
  type FetchedSubmission,
  type ReportRecord,
  type SearchResult,
  type SubmissionsPage,
  type UploadedFile,
} from '../../shared/domain/responses'
import type { ReportInput } from '../../shared/domain/report-input'
import type { SearchInput } from '../../shared/domain/search-input'
import { registryAddressProblem } from '../../shared/registry-address'
import {
  classifyHttpFailure,
  classifyTransportFailure,
  networkRefused,
  redact,
  unexpectedResponse,
} from './classify-failure'
import { ENDPOINTS, fillPath, joinUrl, type EndpointName } from './endpoints'
import { nestsDeeperThan } from './json-depth'
import { RegistryError, registryQuietMs } from './registry-error'

export interface RegistryConnection {
  /** {base_url} of the spec, e.g. https://registry.example.com */
  baseUrl: string
  /** {upload_url} of the spec: the address hosting /api/v1/upload */
  uploadUrl: string
}

export interface ExchangeLogEntry {
  at: string
  endpoint: string
  status?: number
  durationMs: number
  outcome: 'ok' | RegistryError['kind']
  message?: string
  /** Set when the network (a certificate, a proxy) refused the call, not the registry. */
  networkRefusal?: NetworkRefusalType
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

export interface FileSource {
  /** The file's bytes, or a path to read it from. */
  bytes?: Uint8Array
  path?: string
  fileName: string
  mimeType?: string
}

export interface UploadOptions extends CallOptions {
  onProgress?: (progress: UploadProgress) => void
}

export interface SubmissionsQuery {
  page?: number
  limit?: number
}

export type RegistryClient = ReturnType<typeof createRegistryClient>

export const DEFAULT_TIMEOUT_MS = 15_000
export const DEFAULT_UPLOAD_TIMEOUT_MS = 120_000
/**
 * The largest answer read: a submissions page or a search result is a few hundred KiB (100
 * reports of about 2 KiB); 8 MiB leaves room for a registry that pages generously, and keeps a
 * hostile or broken answer from costing the core its memory.
 */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024
/** Real answers nest about six deep; far deeper is not an answer to read. */
const MAX_JSON_DEPTH = 32

/**
 * The last line of the one address rule: whatever built the connection (settings, a data
 * folder's connection.json, a test), the client never sends a key to an address the rule refuses.
 */
function checkConnection(connection: RegistryConnection): void {
  for (const [name, value] of [
    ['base URL', connection.baseUrl],
    ['upload URL', connection.uploadUrl],
  ] as const) {
    const problem = registryAddressProblem(value)
    if (problem) throw new Error(`The ${name} "${redactAddress(value)}" cannot be used. ${problem}`)
  }
}

/**
 * An answer larger than any the registry gives, cut off unread. The registry answered, so a
 * write may have been done: the outcome is unknown and is checked before anything is resent.
 */
function answerTooLarge(endpoint: string): RegistryError {
  return new RegistryError({
    kind: 'unexpected_response',
    message: `The registry's answer was larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB, far more than any answer it gives, so Casefile did not read it. It will be checked with the registry before anything is sent again.`,
    endpoint,
    outcomeUnknown: true,
  })
}

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
  ) {
    super(message)
    this.name = 'LinkFetchError'
  }
}

const tooLargeWords = (maxBytes: number) =>
  `The registry sent more than ${Math.round(maxBytes / 1024 / 1024)} MiB for this file, more than any attachment can be, so Casefile stopped reading it.`

/**
 * Whether Casefile may fetch a link: https, or http only on this computer (the one address rule),
 * with no user name or password in it. A query is allowed (a storage service's signed link).
 */
function linkAddressProblem(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'This attachment\u2019s link is not a web address, so Casefile cannot fetch it.'
  }
  const withoutQuery = `${url.protocol}//${url.host}${url.pathname}`
  const problem =
    url.username || url.password ? 'credentials' : registryAddressProblem(withoutQuery)
  return problem
    ? 'This attachment\u2019s link is not a secure (https) address, so Casefile does not fetch it.'
    : null
}

const fingerprint = (key: string) => createHash('sha256').update(key).digest('hex')

/** An address as it may be shown: any user name or password in it replaced. */
function redactAddress(value: string): string {
  return value.replace(/\/\/[^/@]*@/, '//…@')
}

async function toBlob(file: FileSource): Promise<Blob> {
  const type = file.mimeType ?? 'application/octet-stream'
  if (file.bytes) return new Blob([file.bytes], { type })
  if (file.path) return openAsBlob(file.path, { type })
  throw new Error(`No bytes or path were given for ${file.fileName}.`)
}

/**
 * axios is loaded on the first request, not with the client: a command that never talks to
 * the registry (casefile outbox) starts without it (it and what it pulls in weigh ~100 ms).
 */
let axiosModule: Promise<{ default: AxiosStatic }> | null = null
const loadAxios = () => (axiosModule ??= import('axios'))

/** What axios.isAxiosError checks, without needing axios loaded (an injected http may throw). */
const isAxiosError = (error: unknown): error is { code?: string; cause?: unknown } =>
  typeof error === 'object' &&
  error !== null &&
  (error as { isAxiosError?: unknown }).isAxiosError === true

/**
 * The registry API, one function per endpoint (registry-api.md section 4). Every answer is
 * parsed with the shared schemas; every failure is thrown as one RegistryError.
 */
export function createRegistryClient(
  connection: RegistryConnection,
  options: RegistryClientOptions,
) {
  checkConnection(connection)
  let http: AxiosInstance | undefined = options.http
  const httpClient = async () => (http ??= (await loadAxios()).default.create())
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const uploadTimeoutMs = options.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS
  // https through the computer's proxy and trusted certificates (registry-agent.ts); http is
  // only ever a registry on this computer (registry-address.ts) and goes straight to it.
  let httpsAgent: https.Agent | undefined = options.httpsAgent
  let httpAgent: nodeHttp.Agent | undefined
  const agents = () => ({
    httpsAgent: (httpsAgent ??= createRegistryAgent(options.network)),
    httpAgent: (httpAgent ??= new nodeHttp.Agent({ keepAlive: true })),
  })
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
    request: {
      id?: string
      base?: 'base' | 'upload'
      auth?: boolean
      json?: unknown
      form?: FormData
      query?: Record<string, string | number>
      timeoutMs?: number
      onProgress?: (progress: UploadProgress) => void
      /** Told of the answer's body, as its bytes came, once it was checked (a case file hashes it). */
      onBody?: (body: string) => void
    } & CallOptions,
  ): Promise<z.output<S>> {
    const { method, path } = ENDPOINTS[name]
    const endpoint = `${method} ${path}`
    const auth = request.auth ?? true
    const started = Date.now()
    const log = (
      outcome: ExchangeLogEntry['outcome'],
      status?: number,
      message?: string,
      networkRefusal?: NetworkRefusalType,
    ) =>
      options.onExchange?.({
        at: new Date(started).toISOString(),
        endpoint,
        status,
        durationMs: Date.now() - started,
        outcome,
        message,
        ...(networkRefusal ? { networkRefusal } : {}),
      })
    const fail = (error: RegistryError): never => {
      log(error.kind, error.status, error.message, error.networkRefusal?.type)
      throw error
    }

    const apiKey = auth ? await options.getApiKey() : undefined
    if (auth && !apiKey)
      fail(
        new RegistryError({
          kind: 'unauthorized',
          message: 'No API key is set for this connection: set one in Settings.',
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
    if (status < 200 || status >= 300) {
      const refused = classifyHttpFailure(
        endpoint,
        { status, headers: answer.headers as Record<string, unknown>, body },
        apiKey,
      )
      const quiet = registryQuietMs(refused)
      if (quiet !== undefined) quietUntil = Math.max(quietUntil, Date.now() + quiet)
      return fail(refused)
    }
    if (nestsDeeperThan(body, MAX_JSON_DEPTH))
      return fail(
        unexpectedResponse(
          endpoint,
          status,
          body,
          `the answer nests more than ${MAX_JSON_DEPTH} levels deep`,
          apiKey,
        ),
      )
    let json: unknown
    try {
      json = JSON.parse(body)
    } catch {
      return fail(unexpectedResponse(endpoint, status, body, 'the answer is not JSON', apiKey))
    }
    if (
      typeof json === 'object' &&
      json !== null &&
      (json as { success?: unknown }).success === false
    )
      return fail(
        classifyHttpFailure(
          endpoint,
          { status, headers: answer.headers as Record<string, unknown>, body },
          apiKey,
        ),
      )
    const parsed = schema.safeParse(json)
    if (!parsed.success) {
      const where = parsed.error.issues[0]
      return fail(
        unexpectedResponse(
          endpoint,
          status,
          body,
          redact(`${where?.path.join('.') || 'body'}: ${where?.message ?? 'shape'}`, apiKey),
          apiKey,
        ),
      )
    }
    log('ok', status)
    if (auth && apiKey) acceptedKey = fingerprint(apiKey)
    request.onBody?.(body)
    return parsed.data
  }

  /**
   * Evidence goes to {upload_url}, which takes no key: before the first upload with a key, one
   * keyed call must succeed with it, so a folder with no key or a refused one (handed over, an
   * address confirmed before the key was pasted) never sends a file anywhere.
   */
  async function ensureKeyAccepted(o: CallOptions): Promise<void> {
    const key = await options.getApiKey()
    if (key && fingerprint(key) === acceptedKey) return
    await call('listSubmissions', submissionsResponseSchema, { query: { page: 1, limit: 1 }, ...o })
  }

  async function form(file: FileSource): Promise<FormData> {
    const data = new FormData()
    data.append('file', await toBlob(file), file.fileName)
    return data
  }

  return {
    connection,
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
    },

    async createReport(input: ReportInput, o: CallOptions = {}): Promise<CreatedReport> {
      return (await call('createReport', createReportResponseSchema, { json: input, ...o })).data
    },
    async updateReport(
      id: string,
      input: ReportInput,
      o: CallOptions = {},
    ): Promise<CreatedReport> {
      return (await call('updateReport', updateReportResponseSchema, { id, json: input, ...o }))
        .data
    },
    async searchReports(input: SearchInput, o: CallOptions = {}): Promise<SearchResult> {
      return (await call('searchReports', searchResponseSchema, { json: input, ...o })).data
    },
    async listSubmissions(
      query: SubmissionsQuery = {},
      o: CallOptions = {},
    ): Promise<SubmissionsPage> {
      const params: Record<string, number> = {}
      if (query.page !== undefined) params.page = query.page
      if (query.limit !== undefined) params.limit = query.limit
      return (await call('listSubmissions', submissionsResponseSchema, { query: params, ...o }))
        .data
    },
    async getSubmission(id: string, o: CallOptions = {}): Promise<FetchedSubmission> {
      return (await call('getSubmission', getSubmissionResponseSchema, { id, ...o })).data.report
    },
    async decodeSubmission(id: string, o: CallOptions = {}): Promise<ReportRecord> {
      return (await call('decodeSubmission', decodeSubmissionResponseSchema, { id, ...o })).data
        .report
    },
    /**
     * The decoded submission with the answer's body as the registry sent it (UTF-8 text), so a
     * case file can keep and hash the very answer its report was read from.
     */
    async decodeSubmissionAnswer(
      id: string,
      o: CallOptions = {},
    ): Promise<{ report: ReportRecord; body: string }> {
      let body = ''
      const answer = await call('decodeSubmission', decodeSubmissionResponseSchema, {
        id,
        onBody: (text) => (body = text),
        ...o,
      })
      return { report: answer.data.report, body }
    },
    async unlistReport(id: string, o: CallOptions = {}): Promise<void> {
      await call('unlistReport', unlistResponseSchema, { id, ...o })
    },
    async bulkUpload(file: FileSource, o: UploadOptions = {}): Promise<BulkUploadResult> {
      return (
        await call('bulkUpload', bulkUploadResponseSchema, {
          form: await form(file),
          timeoutMs: uploadTimeoutMs,
          ...o,
        })
      ).data
    },
    async uploadFile(file: FileSource, o: UploadOptions = {}): Promise<UploadedFile> {
      await ensureKeyAccepted(o)
      return (
        await call('uploadFile', uploadResponseSchema, {
          base: 'upload',
          auth: false,
          form: await form(file),
          timeoutMs: uploadTimeoutMs,
          ...o,
        })
      ).data
    },
    /**
     * The file behind an attachment link (registry-api.md 4.9: the url the upload answered),
     * through the same proxy and certificates as every call; never with the API key (the link
     * may be on another host), never following a redirect (its target was never checked), and
     * read only up to `maxBytes`. Throws LinkFetchError, in words a person reads.
     */
    async fetchLink(url: string, o: CallOptions & { maxBytes: number }): Promise<FetchedLink> {
      const problem = linkAddressProblem(url)
      if (problem) throw new LinkFetchError('refused', problem)
      const client = await httpClient()
      const timer = AbortSignal.timeout(uploadTimeoutMs)
      const signal = o.signal ? AbortSignal.any([o.signal, timer]) : timer
      const headers: Record<string, string | false> = { accept: '*/*', 'content-type': false }
      if (options.userAgent) headers['user-agent'] = options.userAgent
      let answer
      try {
        answer = await client.request<ArrayBuffer>({
          method: 'GET',
          url,
          headers,
          signal,
          timeout: uploadTimeoutMs,
          maxRedirects: 0,
          proxy: false,
          ...agents(),
          maxContentLength: o.maxBytes,
          responseType: 'arraybuffer',
          decompress: true,
          validateStatus: () => true,
        })
      } catch (error) {
        const code = isAxiosError(error) ? error.code : (error as { code?: string } | null)?.code
        const root = isAxiosError(error) ? error.cause : error
        if (isNetworkRefusalError(root))
          throw new LinkFetchError('offline', describeNetworkRefusal(root.refusal))
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
      const bytes = Buffer.from(answer.data)
      if (bytes.length > o.maxBytes)
        throw new LinkFetchError('too_large', tooLargeWords(o.maxBytes))
      const type = answer.headers?.['content-type']
      return { bytes, contentType: typeof type === 'string' ? type : null }
    },
    async listBanks(o: CallOptions = {}): Promise<Bank[]> {
      return (await call('listBanks', bankListResponseSchema, { auth: false, ...o })).data.entity
    },
  }
}

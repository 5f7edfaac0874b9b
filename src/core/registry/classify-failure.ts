import { anyEnvelopeSchema } from '../../shared/domain/envelope'
import { RegistryError, type RegistryErrorKind } from '../registry-error'
import { nestsDeeperThan } from './json-depth'
import { parseRetryAfter } from './retry-after'
import { redactKey } from '../secrets/index'
import { describeNetworkRefusal, type NetworkRefusal } from '../network/network'

const RAW_BODY_LIMIT = 4096

/** Network error codes that mean the request never reached a server. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EADDRNOTAVAIL',
])
/** Network error codes after which the request may have been acted on. */
const LOST_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ERR_NETWORK',
  'ECONNABORTED_SOCKET',
  'UND_ERR_SOCKET',
])

export interface HttpAnswer {
  status: number
  headers: Record<string, unknown>
  body: string
}

const defaultMessages: Record<RegistryErrorKind, string> = {
  offline:
    'The registry cannot be reached. Check the connection; queued work is kept and sent when it is back.',
  timeout: 'The registry did not answer in time. It will be tried again.',
  unauthorized: 'The registry refused the API key; the queue waits until a valid one is given.',
  proxy_auth: 'The proxy asks for a user name and password; the queue waits until they are given.',
  validation: 'The registry refused the request as invalid.',
  not_found: 'The registry does not know this report, or it belongs to another organization.',
  too_large: 'The registry refused the file as too large.',
  rate_limited:
    'The registry asked us to slow down. It will be tried again after the delay it gave.',
  server: 'The registry had an internal error. It will be tried again.',
  unexpected_response:
    'The registry answered in a shape Casefile does not understand. The answer is kept in the log.',
  cancelled: 'The request was cancelled.',
}

/** The key out of a text, whole or in part (redact-key.ts). */
export function redact(text: string, secret: string | undefined): string {
  return redactKey(text, secret)
}

/**
 * Redacted before it is cut, so the cut cannot leave the start of a key behind; and after. Only
 * what can reach the kept part is redacted first (a little more than it, for a key that straddles
 * the cut): a multi-megabyte body is never scanned whole.
 */
export function cutRawBody(body: string, secret?: string): string {
  const reach = RAW_BODY_LIMIT + 2 * (secret?.length ?? 0) + 64
  const long = body.length > reach
  const clean = redact(long ? body.slice(0, reach) : body, secret)
  const cut =
    long || clean.length > RAW_BODY_LIMIT
      ? `${clean.slice(0, RAW_BODY_LIMIT)}… (${long ? body.length : clean.length} characters)`
      : clean
  return redact(cut, secret)
}

function registryMessage(body: string): string | undefined {
  if (nestsDeeperThan(body, 32)) return undefined
  try {
    const parsed = anyEnvelopeSchema.safeParse(JSON.parse(body))
    const message = parsed.success ? parsed.data.message?.trim() : undefined
    return message ? message.slice(0, 2000) : undefined
  } catch {
    return undefined
  }
}

function kindOfStatus(status: number): RegistryErrorKind {
  if (status === 401 || status === 403) return 'unauthorized'
  if (status === 404 || status === 410) return 'not_found'
  if (status === 413) return 'too_large'
  if (status === 429) return 'rate_limited'
  if (status >= 500) return 'server'
  return 'validation'
}

/**
 * Classifies an HTTP answer that is not a success: by the status where it says something,
 * and by the envelope (`success: false`, `message`) for a 2xx that still failed.
 */
export function classifyHttpFailure(
  endpoint: string,
  answer: HttpAnswer,
  secret?: string,
): RegistryError {
  const { status } = answer
  const kind: RegistryErrorKind =
    status >= 200 && status < 300 ? 'validation' : kindOfStatus(status)
  const message = redact(
    registryMessage(answer.body) ?? `${defaultMessages[kind]} (HTTP ${status})`,
    secret,
  )
  // A Retry-After date is the registry's time: read against its own Date header, not against a
  // laptop clock that may be hours off (registry-clock.ts).
  const answeredAt = Date.parse(String(answer.headers['date'] ?? ''))
  const retryAfterMs =
    kind === 'rate_limited' || kind === 'server'
      ? parseRetryAfter(
          answer.headers['retry-after'],
          Number.isNaN(answeredAt) ? Date.now() : answeredAt,
        )
      : undefined
  return new RegistryError({
    kind,
    message,
    endpoint,
    status,
    retryAfterMs,
    // A 5xx other than 503 may come after the write was done; 503 and 429 mean "not handled".
    // A 2xx that says success:false to a write may too: it is checked before it is a refusal.
    outcomeUnknown:
      (kind === 'server' && status !== 503) ||
      (status >= 200 && status < 300 && !endpoint.startsWith('GET ')),
    rawBody:
      kind === 'validation' || kind === 'server' ? cutRawBody(answer.body, secret) : undefined,
  })
}

export function unexpectedResponse(
  endpoint: string,
  status: number,
  body: string,
  why: string,
  secret?: string,
): RegistryError {
  return new RegistryError({
    kind: 'unexpected_response',
    message: `${defaultMessages.unexpected_response} (${why})`,
    endpoint,
    status,
    outcomeUnknown: false,
    rawBody: cutRawBody(body, secret),
  })
}

export interface TransportFailure {
  code?: string
  /** Whether our own timeout fired (as opposed to the caller's signal). */
  timedOut: boolean
  cancelled: boolean
  /** Whether the request body had started to go out. */
  requestSent: boolean
}

/** Classifies a failure with no HTTP answer: refused, DNS, reset, timeout, abort. */
export function classifyTransportFailure(
  endpoint: string,
  failure: TransportFailure,
): RegistryError {
  if (failure.cancelled)
    return new RegistryError({
      kind: 'cancelled',
      message: defaultMessages.cancelled,
      endpoint,
      outcomeUnknown: failure.requestSent,
    })
  if (failure.timedOut || failure.code === 'ETIMEDOUT' || failure.code === 'ECONNABORTED')
    return new RegistryError({
      kind: 'timeout',
      message: defaultMessages.timeout,
      endpoint,
      // A connection that never opened carried no request.
      outcomeUnknown: failure.requestSent,
    })
  const code = failure.code ?? 'unknown'
  const notSent = NOT_SENT_CODES.has(code) || !failure.requestSent
  const lost = LOST_CODES.has(code)
  return new RegistryError({
    kind: 'offline',
    message: notSent
      ? `${defaultMessages.offline} (${code})`
      : `The connection to the registry broke before it answered (${code}). It will be checked and tried again.`,
    endpoint,
    outcomeUnknown: !notSent && (lost || failure.requestSent),
  })
}

/**
 * What the network refused before the registry was asked: never an unknown outcome (no byte of
 * the request left), never the registry's refusal. A proxy's password is asked for like a key
 * (the queue pauses); a certificate, an unreachable or refusing proxy waits like "offline",
 * with words that name the fix.
 */
export function networkRefused(endpoint: string, refusal: NetworkRefusal): RegistryError {
  return new RegistryError({
    kind: refusal.type === 'proxy_auth' ? 'proxy_auth' : 'offline',
    message: describeNetworkRefusal(refusal),
    endpoint,
    outcomeUnknown: false,
    networkRefusal: refusal,
  })
}

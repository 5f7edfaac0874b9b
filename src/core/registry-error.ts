import type { NetworkRefusal } from './network/network'

/**
 * Every failure of a registry call becomes one RegistryError with a kind the outbox acts on:
 * retry later (offline, timeout, rate_limited, server), pause and ask for a key
 * (unauthorized) or for the proxy's password (proxy_auth), or show the registry's message to
 * the user (validation, not_found, too_large, unexpected_response). `cancelled` is the caller's
 * own abort. What the network refused before the registry was asked (a certificate, a proxy)
 * is `offline` with `networkRefusal` saying which, or `proxy_auth`.
 */
export type RegistryErrorKind =
  | 'offline'
  | 'timeout'
  | 'unauthorized'
  | 'proxy_auth'
  | 'validation'
  | 'not_found'
  | 'too_large'
  | 'rate_limited'
  | 'server'
  | 'unexpected_response'
  | 'cancelled'

export interface RegistryErrorDetails {
  kind: RegistryErrorKind
  message: string
  /** The call, e.g. "POST /api/v1/external/reports"; never carries the key or query secrets. */
  endpoint: string
  status?: number
  /** From Retry-After (both forms), clamped; set for rate_limited and some server answers. */
  retryAfterMs?: number
  /**
   * True when the request may have reached the registry and been acted on although no answer
   * came back (timeout, dropped connection, some 5xx): a create must then be reconciled
   * against the registry before it is sent again.
   */
  outcomeUnknown: boolean
  /** The raw body of an answer that did not parse, cut to a few KiB, key redacted: for the log. */
  rawBody?: string
  /** What the network refused, when it was the network (a certificate, a proxy), not the registry. */
  networkRefusal?: NetworkRefusal
}

export class RegistryError extends Error implements RegistryErrorDetails {
  readonly kind: RegistryErrorKind
  readonly endpoint: string
  readonly status?: number
  readonly retryAfterMs?: number
  readonly outcomeUnknown: boolean
  readonly rawBody?: string
  readonly networkRefusal?: NetworkRefusal

  constructor(details: RegistryErrorDetails) {
    super(details.message)
    this.name = 'RegistryError'
    this.kind = details.kind
    this.endpoint = details.endpoint
    this.status = details.status
    this.retryAfterMs = details.retryAfterMs
    this.outcomeUnknown = details.outcomeUnknown
    this.rawBody = details.rawBody
    this.networkRefusal = details.networkRefusal
  }

  /** Transient: worth trying again later without the user doing anything. */
  get retryable(): boolean {
    return ['offline', 'timeout', 'rate_limited', 'server'].includes(this.kind)
  }

  toJSON(): RegistryErrorDetails {
    return {
      kind: this.kind,
      message: this.message,
      endpoint: this.endpoint,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
      outcomeUnknown: this.outcomeUnknown,
      rawBody: this.rawBody,
      networkRefusal: this.networkRefusal,
    }
  }
}

export function isRegistryError(error: unknown): error is RegistryError {
  return error instanceof RegistryError
}

/**
 * How long a refusal asks the client to send nothing at all, if it does: a 429's Retry-After
 * holds for every request to the registry, a 503's for the whole service (registry-notes.md, "A
 * polite client"). Other refusals, and these without a Retry-After, concern their request only.
 */
export function registryQuietMs(error: RegistryError): number | undefined {
  return error.status === 429 || error.status === 503 ? error.retryAfterMs : undefined
}

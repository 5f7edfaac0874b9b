import type { NetworkRefusal } from '../network/network'
import type { ExchangeLogEntry } from './registry-request'

/**
 * Whether the registry can be reached, as the last exchange with it found: every call (a sync,
 * a search, a refresh, a connection test) says something about it, not only the outbox's sends.
 * `unknown` until the first exchange.
 */
export interface Reachability {
  state: 'unknown' | 'online' | 'unreachable'
  /** Why it cannot be reached, in a sentence a person reads; null when online or unknown. */
  reason: string | null
  /** The technical detail behind the reason (the call and the error code or HTTP status). */
  detail: string | null
  /** When the last exchange that said so ended (epoch ms); null before any. */
  at: number | null
  /**
   * The network's refusal behind the reason, as facts, for a front that words it itself (the
   * CLI names its command for the certificate file: src/cli/network-words.ts).
   */
  refusal?: NetworkRefusal
}

export const UNKNOWN_REACHABILITY: Reachability = {
  state: 'unknown',
  reason: null,
  detail: null,
  at: null,
}

/** The error code the transport classifier leaves at the end of its message, e.g. "(ECONNREFUSED)". */
const codeOf = (message: string | undefined): string | null =>
  /\(([A-Z][A-Z0-9_]+)\)\s*$/.exec(message ?? '')?.[1] ?? null

function transportReason(code: string | null): string {
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'its address cannot be found (the name does not resolve).'
    case 'ECONNREFUSED':
      return 'nothing answers at its address.'
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
    case 'EHOSTDOWN':
    case 'ENETDOWN':
      return 'this computer has no route to it.'
    default:
      return 'the connection to it failed.'
  }
}

/**
 * What one exchange says about reachability, or null when it says nothing (a call cancelled by
 * the caller, or one refused before it left because no key is set).
 */
export function reachabilityOf(entry: ExchangeLogEntry, at: number): Reachability | null {
  const { outcome, status } = entry
  if (outcome === 'cancelled') return null
  if (outcome === 'ok') return { state: 'online', reason: null, detail: null, at }
  // The network refused (a certificate, a proxy): its own words already name the fix.
  if (entry.networkRefusal)
    return {
      state: 'unreachable',
      reason: entry.message ?? 'The registry cannot be reached.',
      detail: `${entry.endpoint}: refused by the network (${entry.networkRefusal.replace('_', ' ')})`,
      at,
      ...(entry.refusal ? { refusal: entry.refusal } : {}),
    }
  if (outcome === 'offline') {
    const code = codeOf(entry.message)
    return {
      state: 'unreachable',
      reason: `The registry cannot be reached: ${transportReason(code)}`,
      detail: `${entry.endpoint}: ${code ?? 'connection failed'}`,
      at,
    }
  }
  if (outcome === 'timeout')
    return {
      state: 'unreachable',
      reason: `The registry cannot be reached: it did not answer in time.`,
      detail: `${entry.endpoint}: no answer within the time limit`,
      at,
    }
  if (outcome === 'server' && status !== undefined)
    return {
      state: 'unreachable',
      reason:
        status === 502 || status === 503 || status === 504
          ? 'The registry cannot be reached: it says it is unavailable for now.'
          : 'The registry cannot be used right now: it answered with an internal error.',
      detail: `${entry.endpoint}: HTTP ${status}`,
      at,
    }
  // The registry answered (a refusal, a rate limit, a shape we do not read): it is there.
  if (status !== undefined) return { state: 'online', reason: null, detail: null, at }
  return null
}

/** Whether two findings would read the same in the window (so no event is sent for a repeat). */
export function sameReachability(a: Reachability, b: Reachability): boolean {
  return a.state === b.state && a.reason === b.reason && a.detail === b.detail
}

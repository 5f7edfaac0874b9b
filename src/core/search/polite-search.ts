import type { CoreContext } from '../core-context'
import { isRegistryError, registryQuietMs } from '../registry-error'

/*
 * What every background search (a screening job, the watchlist) shares: the registry's quiet,
 * as the client and the folder keep it (a 429's or 503's Retry-After, obeyed by the outbox too),
 * and what a failed search means for the one who asked. A rate-limited search holds the
 * folder's quiet, so another process started after this one keeps it as well.
 */

/** Until when (this core's clock) nothing may be sent: the client's quiet and the folder's. */
export function registryQuietUntil(core: CoreContext): number {
  const now = core.clock.now()
  return Math.max(now + (core.client.quietUntil() - Date.now()), core.folderClock.quietUntil())
}

/** How long from now the registry's quiet holds (0 or less: it does not). */
export function registryQuietFor(core: CoreContext): number {
  return registryQuietUntil(core) - core.clock.now()
}

export type SearchFailure =
  /** The registry refused this query: asking again will not help. */
  | { kind: 'refused'; message: string }
  /** The answer could not be used, or something else went wrong with this one query. */
  | { kind: 'failed'; message: string }
  /** The registry asked for quiet (its hold is kept): ask again after it. */
  | { kind: 'quiet'; message: string }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'cancelled'; message: string }
  /** No connection, a timeout, a server error: ask again later. */
  | { kind: 'unreachable'; message: string }

/** What a search's error means; a rate limit's Retry-After is held in the folder here. */
export function searchFailureOf(core: CoreContext, error: unknown): SearchFailure {
  if (!isRegistryError(error))
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
  const { message } = error
  if (error.kind === 'validation' || error.kind === 'not_found' || error.kind === 'too_large')
    return { kind: 'refused', message: `The registry refused to search it: ${message}` }
  if (error.kind === 'unexpected_response') return { kind: 'failed', message }
  if (error.kind === 'rate_limited') {
    const quiet = registryQuietMs(error)
    if (quiet !== undefined) core.folderClock.holdQuiet(core.clock.now() + quiet)
    return { kind: 'quiet', message }
  }
  if (error.kind === 'unauthorized' || error.kind === 'proxy_auth')
    return { kind: 'unauthorized', message }
  if (error.kind === 'cancelled') return { kind: 'cancelled', message }
  return { kind: 'unreachable', message }
}

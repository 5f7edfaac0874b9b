import { isRegistryError, registryQuietMs } from '../registry-error'
import {
  storageProblemOf,
  type Db,
  writeTransaction,
  pauseSync,
  type PauseState,
} from '../store/store'
import {
  type Operation,
  type StoredError,
  holdUntil,
  markNeedsAttention,
  returnUnattempted,
  scheduleRetry,
  LocalProblem,
} from '../outbox/outbox'
import type { PaceSignal } from './adaptive-concurrency'
import type { Outcome } from './engine-types'
import { retryDelayMs, type RetryPolicy } from './retry-policy'

/*
 * What a failed send means for its operation: a retry after a backoff (or the registry's
 * Retry-After), a pause of the whole queue (a refused key, a proxy's password), or a person's
 * decision (needs attention); and what it says about the registry's load.
 */

export interface FailureContext {
  db: Db
  /** This computer's time, when the failure is recorded. */
  now: number
  policy: RetryPolicy
  random: () => number
  /** The registry asked every request to wait until `until` (this computer's time). */
  onQuiet: (until: number) => void
  /** The queue was paused (told once the pause is written). */
  onPaused: (pause: PauseState) => void
}

/** Records why `op` (sent as attempt `attempt`) failed, in the caller's transaction. */
export function recordFailure(
  context: FailureContext,
  op: Operation,
  attempt: number,
  error: unknown,
): Outcome {
  const { db, now, policy } = context
  if (storageProblemOf(error)) throw error // not the operation's fault: the run stops (halt)
  if (!isRegistryError(error)) {
    const message =
      error instanceof LocalProblem
        ? error.message
        : `Casefile could not send this: ${error instanceof Error ? error.message : String(error)}`
    markNeedsAttention(db, op.id, {
      error: { kind: 'local', message },
      outcomeUnknown: false,
      now,
    })
    return 'attention'
  }
  const stored: StoredError = {
    kind: error.kind,
    message: error.message,
    status: error.status,
    ...(error.networkRefusal ? { networkRefusal: error.networkRefusal } : {}),
  }
  if (error.kind === 'cancelled') {
    scheduleRetry(db, op.id, { nextAttemptAt: now, error: stored, outcomeUnknown: true, now })
    return 'retry'
  }
  if (error.kind === 'unauthorized' || error.kind === 'proxy_auth') {
    const pause: PauseState = {
      reason: error.kind,
      message: error.message,
      since: now,
      ...(error.networkRefusal ? { refusal: error.networkRefusal } : {}),
    }
    writeTransaction(db, () => {
      returnUnattempted(db, op.id, stored, now)
      pauseSync(db, pause)
    })
    context.onPaused(pause)
    return 'paused'
  }
  if (error.retryable) {
    // A 429's or 503's Retry-After holds for every request: everything waiting waits too.
    const quiet = registryQuietMs(error)
    if (quiet !== undefined) {
      holdUntil(db, now + quiet, now)
      context.onQuiet(now + quiet)
    }
    const floor = error.outcomeUnknown
      ? Math.max(error.retryAfterMs ?? 0, policy.unknownOutcomeFloorMs)
      : error.retryAfterMs
    const delay = retryDelayMs(attempt, context.random, policy, floor)
    scheduleRetry(db, op.id, {
      nextAttemptAt: now + delay,
      error: stored,
      outcomeUnknown: error.outcomeUnknown,
      now,
    })
    return error.kind === 'offline' && !error.outcomeUnknown ? 'offline' : 'retry'
  }
  // A 2xx whose body we could not read may still mean the registry did the work.
  const maybeDone =
    error.outcomeUnknown ||
    (error.kind === 'unexpected_response' && error.status !== undefined && error.status < 300)
  markNeedsAttention(db, op.id, { error: stored, outcomeUnknown: maybeDone, now })
  return 'attention'
}

/** What a failed send says about the registry's load: 429, 503 and timeouts mean slow down. */
export function paceSignalOf(error: unknown, sentAt: number, at: number): PaceSignal {
  if (!isRegistryError(error)) return { kind: 'other' }
  if (
    // A call the client held back itself (no status: the registry was not asked) says nothing new.
    (error.kind === 'rate_limited' && error.status !== undefined) ||
    error.kind === 'timeout' ||
    (error.kind === 'server' && error.status === 503)
  )
    return { kind: 'overloaded', sentAt, at }
  // The registry answered and refused the report itself: an answer, as fast as it came.
  if (['validation', 'not_found', 'too_large'].includes(error.kind))
    return { kind: 'answered', latencyMs: at - sentAt }
  return { kind: 'other' }
}

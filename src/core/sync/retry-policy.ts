export interface RetryPolicy {
  baseMs: number
  capMs: number
  /**
   * After an unknown outcome (timeout, dropped connection) the registry may still be finishing
   * the write; reconciling sooner could miss it and send the report twice. So such a retry
   * waits at least this long.
   */
  unknownOutcomeFloorMs: number
}

/** 1 s doubling to a 5 minute cap; 30 s before reconciling an unknown outcome. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseMs: 1000,
  capMs: 5 * 60 * 1000,
  unknownOutcomeFloorMs: 30_000,
}

/**
 * Capped exponential backoff with full jitter (a uniformly random wait up to the exponential
 * step), so many clients coming back online do not retry in lockstep. A Retry-After from the
 * registry is a floor: never retry sooner than it asked.
 */
export function retryDelayMs(
  attempt: number,
  random: () => number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  retryAfterMs?: number,
): number {
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)))
  const jittered = Math.floor(random() * step)
  return retryAfterMs !== undefined ? Math.max(jittered, retryAfterMs) : jittered
}

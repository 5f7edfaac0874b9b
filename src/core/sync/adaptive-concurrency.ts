/** How many chains the outbox sends at once: fixed, or adapting between 1 and `max`. */
export type ConcurrencyOption = number | { initial: number; max: number }

/** Start at 4, never above 16 (the figures; the registry's own limits are not documented). */
export const DEFAULT_CONCURRENCY = { initial: 4, max: 16 } as const

/**
 * A registry answer, as the sender's pace cares about it: in time and clean, a sign of load
 * (429, 503, a timeout: the registry or the link is saturated), or neither (a refusal of the
 * report itself, an error of ours, no network at all).
 */
export type PaceSignal =
  | { kind: 'answered'; latencyMs: number }
  /** `sentAt` and `at`: when the request left and when its answer came (any one clock). */
  | { kind: 'overloaded'; sentAt: number; at: number }
  | { kind: 'other' }

/**
 * Paced as TCP paces a link, halving at once and growing step by step: the limit halves on a
 * sign of load, once per round trip (answers to requests sent before the last halving speak of
 * the load before it, so they do not halve it again, as TCP reduces once per window). It grows
 * by one for each fast, clean answer back up to where it was halved (that pace worked until
 * then; a 429 that was a passing burst costs one round trip, not twenty), and beyond that, where
 * nothing is known yet, by one after each half window (half as many answers as the limit).
 * "Fast" is against the fastest answer seen so far: within 1.5 times it plus 20 ms. An answer
 * slower than that means the registry or the link is queueing already, so sending more at once
 * would only lengthen the queue, and the count starts over. Retry-After is not this object's
 * business: each operation waits for its own (retry-policy.ts), and the halving keeps the
 * others from pressing on meanwhile.
 */
export class AdaptiveConcurrency {
  private current: number
  private readonly min: number
  private readonly max: number
  private clean = 0
  /** The fastest answer seen. */
  private fastestMs = Number.POSITIVE_INFINITY
  private cutAt = Number.NEGATIVE_INFINITY
  /** The limit when it was last halved: growth back up to it is quick. */
  private ceiling = 0

  constructor(option: ConcurrencyOption = DEFAULT_CONCURRENCY) {
    const { initial, max } = typeof option === 'number' ? { initial: option, max: option } : option
    if (!Number.isFinite(initial) || !Number.isFinite(max))
      throw new Error(`Concurrency must be a number of chains, not ${String(initial)}.`)
    this.max = Math.max(1, Math.floor(max))
    this.current = Math.min(this.max, Math.max(1, Math.floor(initial)))
    this.min = typeof option === 'number' ? this.current : 1
  }

  /** Chains that may be in flight now. */
  get limit(): number {
    return this.current
  }

  /**
   * An answer is fast or slow against the fastest of this window's own work: the outbox keeps
   * one window per lane (lane-pace.ts), since a bulk file's upload and look among the
   * submissions take seconds, and measured against a single report's 50 ms every one of them
   * was "slow" and stopped the pace growing for the reports sent beside it.
   */
  record(signal: PaceSignal): void {
    if (signal.kind === 'overloaded') {
      this.clean = 0
      if (signal.sentAt < this.cutAt) return
      this.ceiling = this.current
      this.current = Math.max(this.min, Math.floor(this.current / 2))
      this.cutAt = signal.at
      return
    }
    if (signal.kind !== 'answered') return
    const fastest = Math.min(this.fastestMs, signal.latencyMs)
    this.fastestMs = fastest
    if (signal.latencyMs > fastest * 1.5 + 20) {
      this.clean = 0
      return
    }
    this.clean++
    const step = this.current < this.ceiling ? 1 : Math.ceil(this.current / 2)
    if (this.clean >= step && this.current < this.max) {
      this.current++
      this.clean = 0
    }
  }
}

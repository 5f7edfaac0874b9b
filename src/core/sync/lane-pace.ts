import {
  AdaptiveConcurrency,
  DEFAULT_CONCURRENCY,
  type ConcurrencyOption,
} from './adaptive-concurrency'
import { LANES, type Lane } from './fair-lanes'
import type { PaceSignal } from './adaptive-concurrency'

/**
 * The outbox's pace, one window per lane (fair-lanes.ts): each grows on its own lane's fast,
 * clean answers, measured against that lane's fastest (a bulk file's answer takes seconds, a
 * report's 50 ms), so neither lane's speed depends on how much of the other is waiting. A sign
 * of load (429, 503, a timeout) halves both: the registry and the key's rate are shared, and a
 * 429 holds for every request of the key. A fixed concurrency is each lane's.
 */
export class LanePace {
  private readonly lanes: Record<Lane, AdaptiveConcurrency>

  constructor(option: ConcurrencyOption = DEFAULT_CONCURRENCY) {
    this.lanes = { single: new AdaptiveConcurrency(option), bulk: new AdaptiveConcurrency(option) }
  }

  /** Chains of each lane that may be in flight now. */
  get limits(): Record<Lane, number> {
    return { single: this.lanes.single.limit, bulk: this.lanes.bulk.limit }
  }

  record(signal: PaceSignal, lane: Lane): void {
    if (signal.kind === 'overloaded') for (const each of LANES) this.lanes[each].record(signal)
    else this.lanes[lane].record(signal)
  }
}

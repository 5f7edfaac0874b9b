import { describe, expect, it } from 'vitest'
import { AdaptiveConcurrency } from '../../../src/core/sync/adaptive-concurrency'

const fast = { kind: 'answered', latencyMs: 150 } as const

describe('how many chains are sent at once', () => {
  it('starts at 4 and grows by one after each half window of fast, clean answers, up to 16', () => {
    const pace = new AdaptiveConcurrency()
    expect(pace.limit).toBe(4)
    pace.record(fast)
    expect(pace.limit).toBe(4)
    pace.record(fast)
    expect(pace.limit).toBe(5)
    for (let i = 0; i < 2; i++) pace.record(fast)
    expect(pace.limit).toBe(5)
    pace.record(fast)
    expect(pace.limit).toBe(6)
    for (let i = 0; i < 1000; i++) pace.record(fast)
    expect(pace.limit).toBe(16)
  })

  it('does not grow while answers come back slower than the fastest seen (the link is queueing)', () => {
    const pace = new AdaptiveConcurrency()
    pace.record(fast)
    for (let i = 0; i < 100; i++) pace.record({ kind: 'answered', latencyMs: 400 })
    expect(pace.limit).toBe(4)
    // A slow answer starts the count over.
    pace.record(fast)
    pace.record({ kind: 'answered', latencyMs: 400 })
    pace.record(fast)
    expect(pace.limit).toBe(4)
  })

  it('halves on a sign of load (429, 503, a timeout), once per round trip, never below one', () => {
    const pace = new AdaptiveConcurrency({ initial: 16, max: 16 })
    pace.record({ kind: 'overloaded', sentAt: 100, at: 250 })
    expect(pace.limit).toBe(8)
    // Sent before that halving: the same load, already answered for.
    pace.record({ kind: 'overloaded', sentAt: 120, at: 260 })
    pace.record({ kind: 'overloaded', sentAt: 249, at: 400 })
    expect(pace.limit).toBe(8)
    // Sent after it: the load is still there.
    pace.record({ kind: 'overloaded', sentAt: 251, at: 410 })
    expect(pace.limit).toBe(4)
    // Back up quickly to where it was halved (one fast, clean answer a step), then slowly.
    pace.record(fast)
    pace.record(fast)
    expect(pace.limit).toBe(6)
    for (let i = 0; i < 10; i++)
      pace.record({ kind: 'overloaded', sentAt: 1000 + i * 10, at: 1005 + i * 10 })
    expect(pace.limit).toBe(1)
    pace.record({ kind: 'other' })
    expect(pace.limit).toBe(1)
    pace.record(fast)
    expect(pace.limit).toBe(2)
  })

  it('a number fixes it: no growth, no halving', () => {
    const pace = new AdaptiveConcurrency(1)
    for (let i = 0; i < 50; i++) pace.record(fast)
    pace.record({ kind: 'overloaded', sentAt: 0, at: 1 })
    expect(pace.limit).toBe(1)
  })
})

import { describe, expect, it } from 'vitest'
import { DEFAULT_RETRY_POLICY, retryDelayMs } from '../../../src/core/sync/retry-policy'
import {
  acquireLease,
  leaseHolder,
  releaseLease,
  renewLease,
} from '../../../src/core/sync/sync-lease'
import { tempStore } from '../../support/temp-store'

describe('retryDelayMs: capped exponential backoff with full jitter', () => {
  it('grows from 1 s by doubling, up to a 5 minute cap, scaled by the random draw', () => {
    const top = () => 0.999999
    expect(retryDelayMs(1, top)).toBe(999)
    expect(retryDelayMs(2, top)).toBe(1999)
    expect(retryDelayMs(5, top)).toBe(15_999)
    expect(retryDelayMs(40, top)).toBe(DEFAULT_RETRY_POLICY.capMs - 1)
    expect(retryDelayMs(3, () => 0)).toBe(0)
  })
  it('never retries sooner than Retry-After asked', () => {
    expect(retryDelayMs(1, () => 0.5, DEFAULT_RETRY_POLICY, 30_000)).toBe(30_000)
    expect(retryDelayMs(12, () => 0.5, DEFAULT_RETRY_POLICY, 1_000)).toBe(150_000)
  })
})

describe('sync lease: one worker per data folder', () => {
  it('is exclusive until released or expired, and renewable only by its holder', () => {
    const { db } = tempStore()
    expect(acquireLease(db, 'app', 1000, 30_000)).toBe(true)
    expect(acquireLease(db, 'cli', 2000, 30_000)).toBe(false)
    expect(renewLease(db, 'cli', 2000)).toBe(false)
    expect(renewLease(db, 'app', 20_000, 30_000)).toBe(true)
    expect(acquireLease(db, 'cli', 40_000, 30_000)).toBe(false) // renewed until 50 000
    expect(acquireLease(db, 'cli', 50_001, 30_000)).toBe(true) // expired
    expect(leaseHolder(db, 50_002)).toBe('cli')
    releaseLease(db, 'cli')
    expect(leaseHolder(db, 50_003)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { emptyRunSummary, type RunSummary } from '../../../src/core/sync/engine-types'
import { FAILED_RUN_RETRY_MS, SyncTriggers } from '../../../src/core/sync/sync-triggers'
import type { Timers } from '../../../src/core/sync/timer-delay'

/** Timers the test fires itself: what is armed, and for when. */
function heldTimers() {
  const armed: { callback: () => void; ms: number; cleared: boolean }[] = []
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      const timer = { callback, ms, cleared: false }
      armed.push(timer)
      return timer
    },
    clearTimeout: (handle) => {
      if (handle) (handle as { cleared: boolean }).cleared = true
    },
    setInterval: () => null,
    clearInterval: () => undefined,
  }
  return { timers, armed }
}

describe('the outbox’s background triggers', () => {
  it('a run that throws (the folder locked past the busy timeout) is tried again, not left to end the process', async () => {
    const { timers, armed } = heldTimers()
    let runs = 0
    const run = (): Promise<RunSummary> => {
      runs++
      return runs === 1
        ? Promise.reject(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))
        : Promise.resolve({ ...emptyRunSummary(), nextWakeAt: null })
    }
    const triggers = new SyncTriggers(run, () => 1000, timers)
    triggers.kick()
    await new Promise((resolve) => setImmediate(resolve))
    const retry = armed.filter((t) => !t.cleared)
    expect(retry).toHaveLength(1)
    expect(retry[0]!.ms).toBeGreaterThanOrEqual(FAILED_RUN_RETRY_MS)
    retry[0]!.callback()
    await new Promise((resolve) => setImmediate(resolve))
    expect(runs).toBe(2)
    triggers.stop()
  })
})

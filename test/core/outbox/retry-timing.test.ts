import { describe, expect, it } from 'vitest'
import type { CoreContext } from '../../../src/core/core-context'
import { holdUntil } from '../../../src/core/outbox/operation-transitions'
import type { SyncEvent } from '../../../src/core/sync/sync-engine'
import * as Sync from '../../../src/core/sync/sync'
import {
  MAX_TIMER_DELAY_MS,
  nodeTimers,
  timerDelay,
  type Timers,
} from '../../../src/core/sync/timer-delay'
import { DAY, MINUTE, SECOND, memoryEngine, reportInput } from '../../support/memory-engine'

/*
 * When the outbox tries again, on a clock the test moves (the engine's clock and its timers are
 * the test's: nothing waits for real time, and no fake timers are installed globally): the
 * backoff, the registry's Retry-After, "sync now", and a retry further off than a timer holds.
 */

type Setup = ReturnType<typeof memoryEngine>

/** How long from now the report's create waits (null when it does not). */
const waitOf = (setup: Setup, localId: string) => {
  const at = setup.chain(localId).at(-1)?.nextAttemptAt
  return at == null ? null : at - setup.clock.now()
}

/** Timers the test fires itself: what was armed, and for how long. */
function heldTimers() {
  let next = 1
  const armed = new Map<number, { callback: () => void; ms: number }>()
  const delays: number[] = []
  const timers: Timers = {
    setTimeout: (callback, ms) => {
      delays.push(ms)
      armed.set(next, { callback, ms })
      return next++
    },
    clearTimeout: (handle) => armed.delete(handle as number),
    setInterval: () => 0, // the every-few-minutes trigger is not this test's subject
    clearInterval: () => undefined,
  }
  return {
    timers,
    delays,
    /** The one timer armed now: removed, to be fired by the test. */
    take() {
      expect(armed.size).toBe(1)
      const [[handle, timer]] = [...armed.entries()] as [
        [number, { callback: () => void; ms: number }],
      ]
      armed.delete(handle)
      return timer
    },
  }
}

/** Resolves at the end of the engine's next run. */
const nextRunFinished = (setup: Setup) =>
  new Promise<void>((resolve) => {
    const off = setup.engine.on((event: SyncEvent) => {
      if (event.type !== 'run-finished') return
      off()
      resolve()
    })
  })

describe('the backoff, as the clock moves', () => {
  it('waits 1 s, 2 s, 4 s… (full jitter: half of each at a draw of 0.5), and sends nothing before', async () => {
    const setup = memoryEngine({ random: () => 0.5 })
    const localId = setup.queue(reportInput('backoff'))
    setup.registry.fail(
      'create',
      { kind: 'server', status: 503 },
      { kind: 'server', status: 503 },
      { kind: 'server', status: 503 },
    )
    const waits: number[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      const summary = await setup.engine.runOnce()
      expect(summary.retrying).toBe(1)
      const wait = waitOf(setup, localId)!
      waits.push(wait)
      expect(summary.nextWakeAt).toBe(setup.clock.now() + wait)
      setup.clock.advance(wait - 1)
      const calls = setup.registry.calls.length
      await setup.engine.runOnce() // a millisecond early: nothing goes
      expect(setup.registry.calls.length).toBe(calls)
      setup.clock.advance(1)
    }
    expect(waits).toEqual([500, 1000, 2000])
    expect((await setup.engine.runOnce()).sent).toBe(1)
    expect(setup.registry.callsTo('create')).toHaveLength(4)
  })
})

describe('a Retry-After', () => {
  it('holds every report until it has passed, then all go', async () => {
    const setup = memoryEngine()
    const first = setup.queue(reportInput('retry-after 1'))
    const second = setup.queue(reportInput('retry-after 2'))
    setup.registry.fail('create', { kind: 'rate_limited', retryAfterMs: 2 * MINUTE })

    const summary = await setup.engine.runOnce()
    expect(summary.nextWakeAt).toBe(setup.clock.now() + 2 * MINUTE)
    expect(setup.registry.callsTo('create')).toHaveLength(1) // the other was not sent into the quiet
    expect(waitOf(setup, first)).toBeGreaterThanOrEqual(2 * MINUTE)
    expect(waitOf(setup, second)).toBe(2 * MINUTE)

    setup.clock.advance(2 * MINUTE - SECOND)
    await setup.engine.runOnce()
    expect(setup.registry.calls).toHaveLength(1)
    // Another process on the folder (a restart) holds back too: the quiet is in the folder.
    setup.restart()
    await setup.engine.runOnce()
    expect(setup.registry.calls).toHaveLength(1)

    setup.clock.advance(SECOND + 2 * MINUTE) // past the quiet and the first one's own backoff
    expect((await setup.engine.runOnce()).sent).toBe(2)
  })
})

describe('sync now (makeWaitingDue)', () => {
  it('sends what waits for its backoff at once, but not what waits to be reconciled', async () => {
    const setup = memoryEngine()
    const backingOff = setup.queue(reportInput('sync now, backoff'))
    const unknown = setup.queue(reportInput('sync now, unknown'))
    setup.registry.fail('create', { kind: 'offline' }, { kind: 'timeout' })
    await setup.engine.runOnce() // offline: the run stops picking after the first
    await setup.engine.runOnce()
    expect(setup.chain(backingOff)[0]).toMatchObject({ state: 'waiting_retry' })
    expect(setup.chain(unknown)[0]).toMatchObject({ state: 'waiting_retry', outcomeUnknown: true })

    // What syncNow reads of the core: its folder, its clock and its engine.
    const core = { db: setup.db, clock: setup.clock, engine: setup.engine }
    const summary = await Sync.syncNow(core as Partial<CoreContext> as CoreContext)
    expect(summary.sent).toBe(1)
    expect(setup.chain(backingOff)[0]!.state).toBe('done')
    // The one whose create may have landed still waits out its settling time first.
    expect(setup.chain(unknown)[0]!.state).toBe('waiting_retry')
    expect(waitOf(setup, unknown)).toBeGreaterThan(20 * SECOND)
  })
})

describe('a retry further off than a timer holds (about 24.8 days)', () => {
  it('is capped for Node: no timer is armed past 2^31-1 ms, so none fires early with a warning', async () => {
    expect(timerDelay(60 * DAY)).toBe(MAX_TIMER_DELAY_MS)
    expect(timerDelay(-5)).toBe(0)
    const warnings: string[] = []
    const listen = (warning: Error) => warnings.push(warning.name)
    process.on('warning', listen)
    try {
      const handle = nodeTimers.setTimeout(() => warnings.push('fired'), 60 * DAY)
      nodeTimers.clearTimeout(handle)
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      process.off('warning', listen)
    }
    expect(warnings).toEqual([])
  })

  it('60 days ahead: the wake-up is armed again until the time comes, with no run before it', async () => {
    const held = heldTimers()
    const setup = memoryEngine({ timers: held.timers })
    setup.queue(reportInput('sixty days'))
    const due = setup.clock.now() + 60 * DAY
    holdUntil(setup.db, due, setup.clock.now())
    let runs = 0
    setup.engine.on((event) => {
      if (event.type === 'run-started') runs++
    })

    let finished = nextRunFinished(setup)
    setup.engine.start()
    await finished
    // The trigger arms its wake-up once the run's summary is read (a few promise turns later).
    await new Promise((resolve) => setImmediate(resolve))
    expect(runs).toBe(1)
    // Each wake-up before the time only arms the next: no run, no send.
    for (;;) {
      const timer = held.take()
      expect(timer.ms).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS)
      setup.clock.advance(timer.ms)
      if (setup.clock.now() >= due) {
        finished = nextRunFinished(setup)
        timer.callback()
        await finished
        break
      }
      timer.callback()
      expect(runs).toBe(1)
    }
    expect(runs).toBe(2)
    expect(held.delays).toHaveLength(3) // 24.8 days, 24.8 days, then the rest
    expect(setup.registry.callsTo('create')).toHaveLength(1)
    await setup.engine.stop()
  })

  it('60 days ahead, until idle: sleeps at most 2^31-1 ms at a time, and sends once when due', async () => {
    const setup = memoryEngine()
    setup.queue(reportInput('sixty days, until idle'))
    holdUntil(setup.db, setup.clock.now() + 60 * DAY, setup.clock.now())
    const sleeps: number[] = []
    const summary = await setup.engine.runUntilIdle({
      sleep: async (ms) => {
        sleeps.push(ms)
        if (sleeps.length > 10) throw new Error('the loop spins')
        setup.clock.advance(ms)
      },
    })
    expect(summary.sent).toBe(1)
    expect(sleeps.every((ms) => ms <= MAX_TIMER_DELAY_MS)).toBe(true)
    expect(sleeps).toHaveLength(3)
    expect(setup.registry.callsTo('create')).toHaveLength(1)
  })
})

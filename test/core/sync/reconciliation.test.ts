import { describe, expect, it } from 'vitest'
import { loadReport } from '../../../src/core/drafts/drafts-repository'
import {
  KNOWN_CLOCK_MARGIN_MS,
  RegistryClock,
  UNKNOWN_CLOCK_MARGIN_MS,
} from '../../../src/core/registry/registry-clock'
import { lastAttemptOf, reconcileWindow } from '../../../src/core/sync/reconcile-window'
import { DAY, HOUR, MINUTE, memoryEngine, reportInput } from '../../support/memory-engine'

/*
 * Reconciliation on its own, against the in-memory registry on a clock the test moves: a create
 * whose answer was lost is looked for before it is sent again (adopted when found once, sent
 * again once when not found, put to a person when found twice), and how far back it looks.
 * Matching against other laptops' reports and paging are in reconcile-matching.test.ts; lost
 * answers under kill -9 in sync-engine.crash.test.ts; over real HTTP with skewed clocks in
 * clock.test.ts.
 */

/** What the engine sent as the create (the report as the registry takes it). */
const sentCreate = (setup: ReturnType<typeof memoryEngine>) => {
  const input = setup.registry.callsTo('create')[0]?.input
  if (!input) throw new Error('no create was sent')
  return input
}

/** Runs once, then once more after the unknown outcome's settling time has passed. */
async function sendThenReconcile(setup: ReturnType<typeof memoryEngine>) {
  await setup.engine.runOnce()
  setup.clock.advance(31_000) // past the 30 s floor before an unknown outcome is looked for
  return setup.engine.runOnce()
}

describe('a create whose answer was lost', () => {
  it('found on the registry: adopted, not sent again', async () => {
    const setup = memoryEngine()
    const localId = setup.queue(reportInput('lost, saved'))
    setup.registry.fail('create', { kind: 'lost_answer' })

    const first = await setup.engine.runOnce()
    expect(first.retrying).toBe(1)
    const [waiting] = setup.chain(localId)
    expect(waiting).toMatchObject({ state: 'waiting_retry', outcomeUnknown: true })
    // Not before the registry may have finished it (the unknown outcome's floor).
    expect(waiting!.nextAttemptAt! - setup.clock.now()).toBeGreaterThanOrEqual(30_000)
    expect((await setup.engine.runOnce()).adopted).toBe(0)

    setup.clock.advance(31_000)
    const second = await setup.engine.runOnce()
    expect(second).toMatchObject({ adopted: 1, sent: 0, pending: 0 })
    const creates = setup.registry.callsTo('create')
    expect(creates).toHaveLength(1)
    const [onRegistry] = setup.registry.reportsWithReason(creates[0]!.input!.fraudReason)
    expect(loadReport(setup.db, localId).registryId).toBe(onRegistry!.id)
    expect(setup.chain(localId)[0]).toMatchObject({ state: 'done', result: { adopted: true } })
  })

  it('not found (the registry never saved it): sent again, once', async () => {
    const setup = memoryEngine()
    const localId = setup.queue(reportInput('lost, not saved'))
    setup.registry.fail('create', { kind: 'timeout' })

    const summary = await sendThenReconcile(setup)
    expect(summary).toMatchObject({ sent: 1, adopted: 0, pending: 0 })
    const creates = setup.registry.callsTo('create')
    expect(creates).toHaveLength(2)
    // Looked for before the second send.
    const order = setup.registry.calls.map((call) => call.route)
    expect(order.indexOf('submissions')).toBeLessThan(order.lastIndexOf('create'))
    expect(setup.registry.reportsWithReason(creates[0]!.input!.fraudReason)).toHaveLength(1)
    expect(loadReport(setup.db, localId).registryId).toBeTruthy()
  })

  it('found twice (another laptop filed the same report meanwhile): needs attention, never doubled', async () => {
    const setup = memoryEngine()
    const localId = setup.queue(reportInput('lost, twice'))
    setup.registry.fail('create', { kind: 'lost_answer' })
    await setup.engine.runOnce()
    setup.clock.advance(10_000)
    const theirs = setup.registry.file(sentCreate(setup))

    setup.clock.advance(21_000)
    const summary = await setup.engine.runOnce()
    expect(summary).toMatchObject({ needsAttention: 1, sent: 0, adopted: 0 })
    const [create] = setup.chain(localId)
    expect(create).toMatchObject({ state: 'needs_attention', outcomeUnknown: true })
    expect(create!.lastError?.message).toContain(theirs)
    expect(setup.registry.callsTo('create')).toHaveLength(1)
    expect(setup.registry.reportsWithReason(sentCreate(setup).fraudReason)).toHaveLength(2)
    expect(loadReport(setup.db, localId).registryId).toBeNull()
    // Nothing moves it on but a person.
    setup.clock.advance(HOUR)
    expect((await setup.engine.runOnce()).needsAttention).toBe(0)
    expect(setup.registry.callsTo('create')).toHaveLength(1)
  })

  it('a 500 after the registry may have saved it is reconciled the same way', async () => {
    const setup = memoryEngine()
    setup.queue(reportInput('server error'))
    setup.registry.fail('create', { kind: 'server', status: 500 })
    const summary = await sendThenReconcile(setup)
    expect(summary.sent).toBe(1)
    expect(setup.registry.callsTo('submissions').length).toBeGreaterThan(0)
    expect(setup.registry.callsTo('create')).toHaveLength(2)
  })
})

describe('how far back it looks (reconcile-window.ts)', () => {
  const T = Date.UTC(2026, 0, 12, 9, 0, 0)

  it('from the first send to the end of the last attempt, with a wide margin while the registry’s clock is unknown', () => {
    const clock = new RegistryClock({ now: () => T + 5 * MINUTE })
    const window = reconcileWindow(clock, { firstSentAt: T - 2 * HOUR, updatedAt: T })
    expect(window).toEqual({
      since: T - 2 * HOUR - UNKNOWN_CLOCK_MARGIN_MS,
      until: T + UNKNOWN_CLOCK_MARGIN_MS,
    })
    // An answer just received ends the window now instead.
    expect(reconcileWindow(clock, { firstSentAt: T, updatedAt: T }, 'now').until).toBe(
      T + 5 * MINUTE + UNKNOWN_CLOCK_MARGIN_MS,
    )
  })

  it('in the registry’s time, a minute either side, once its clock is known (3 days behind)', () => {
    const offsetMs = -3 * DAY
    const clock = new RegistryClock({ now: () => T }, { offsetMs, at: T })
    // The claim read when the last attempt ended (10 minutes before it), in the registry's time.
    const lastAttempt = lastAttemptOf(clock, T - 10 * MINUTE, T)
    expect(lastAttempt).toEqual({ registryAt: T - 10 * MINUTE + offsetMs, ageMs: 10 * MINUTE })
    const window = reconcileWindow(clock, {
      firstSentAt: T - HOUR,
      updatedAt: T,
      lastAttempt,
    })
    expect(window).toEqual({
      since: T - HOUR + offsetMs - KNOWN_CLOCK_MARGIN_MS,
      until: T - 10 * MINUTE + offsetMs + KNOWN_CLOCK_MARGIN_MS,
    })
  })

  it.each([
    ['3 days behind', -3 * DAY],
    ['2 hours ahead', 2 * HOUR],
  ])(
    'with the registry’s clock %s: its own stamp is in the window and adopted',
    async (_label, ahead) => {
      const setup = memoryEngine({ registryAheadMs: ahead })
      setup.queue(reportInput(`skew ${ahead}`))
      setup.registry.fail('create', { kind: 'lost_answer' })
      const summary = await sendThenReconcile(setup)
      expect(summary.adopted).toBe(1)
      expect(setup.registry.callsTo('create')).toHaveLength(1)
      // Learned from the reconciliation's answers, and kept in the folder.
      expect(setup.folderClock.registry.current()?.offsetMs).toBeCloseTo(ahead, -4)
    },
  )

  it('a copy filed before the first send (beyond the margin) is not ours: the report is sent again', async () => {
    const setup = memoryEngine({ registryAheadMs: -3 * DAY })
    // The registry answered once before, so its clock is known (a minute's margin).
    setup.queue(reportInput('warm-up'))
    await setup.engine.runOnce()
    const localId = setup.queue(reportInput('older copy'))
    setup.registry.fail('create', { kind: 'timeout' })
    await setup.engine.runOnce()
    // The same report, stamped by the registry 5 minutes before this folder first sent it.
    const input = setup.registry.callsTo('create')[1]!.input!
    setup.registry.file(input, { createdAt: setup.clock.now() - 3 * DAY - 5 * MINUTE })
    setup.clock.advance(31_000)
    const summary = await setup.engine.runOnce()
    expect(summary).toMatchObject({ sent: 1, adopted: 0 })
    expect(setup.registry.reportsWithReason(input.fraudReason)).toHaveLength(2)
    expect(loadReport(setup.db, localId).registryId).not.toBeNull()
  })

  it('after a restart, the offset kept in the folder puts the window in the registry’s time', async () => {
    const setup = memoryEngine({ registryAheadMs: -3 * DAY })
    setup.queue(reportInput('warm-up, restart'))
    await setup.engine.runOnce()
    setup.queue(reportInput('restart'))
    setup.registry.fail('create', { kind: 'lost_answer' })
    await setup.engine.runOnce()

    setup.restart() // a new process: the folder's clock read back, no answer yet
    expect(setup.folderClock.registry.current()?.offsetMs).toBeCloseTo(-3 * DAY, -4)
    expect(setup.folderClock.registry.marginMs()).toBe(KNOWN_CLOCK_MARGIN_MS)
    setup.clock.advance(31_000)
    expect((await setup.engine.runOnce()).adopted).toBe(1)
    expect(setup.registry.callsTo('create')).toHaveLength(2) // the warm-up's and the lost one
  })
})

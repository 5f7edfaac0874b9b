import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Core } from '../../src/core/open-core'
import { openCore } from '../../src/core/open-core'
import {
  COUNTS_EVERY_MS,
  OPERATIONS_EVERY_MS,
  forwardEngineEvents,
} from '../../src/core/engine-events'
import { emptyRunSummary, type SyncEvent } from '../../src/core/sync/sync-engine'
import { countPending } from '../../src/core/outbox/outbox-repository'
import * as Outbox from '../../src/core/outbox/outbox'

const draft = (i: number) => ({
  fraudType: 'money_mule',
  fraudReason: `Engine events test ${i}: the account received funds from several victims and moved them on.`,
  identifiers: [{ label: 'phone', value: `080${String(20_000_000 + i)}` }],
})

function offlineCore() {
  return openCore({
    dataDir: mkdtempSync(join(tmpdir(), 'casefile-events-')),
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9/upload' },
    getApiKey: () => undefined,
    autoSync: false,
  })
}

/** What the engine tells its listeners (its own emit is private: the test stands in for a drain). */
const engineEmit = (core: Core, event: SyncEvent) =>
  (core.engine as unknown as { emit(event: SyncEvent): void }).emit(event)

afterEach(() => {
  vi.useRealTimers()
})

describe("the outbox's counts pushed to the window", () => {
  it('follow a burst of operation changes once per interval, and the end of a run at once', async () => {
    const core = offlineCore()
    Outbox.submitMany(core, [draft(1), draft(2), draft(3)])
    const operation = Outbox.outbox(core).operations[0]!
    const seen: { event: string; payload: unknown }[] = []
    vi.useFakeTimers()
    const off = forwardEngineEvents(core, (event, payload) => seen.push({ event, payload }))
    for (let i = 0; i < 100; i++) engineEmit(core, { type: 'operation', operation })
    const counted = () => seen.filter((s) => s.event === 'outboxChanged')
    // The operation's hundred changes are pushed once, its latest (operationChanged, below).
    vi.advanceTimersByTime(OPERATIONS_EVERY_MS)
    expect(seen.filter((s) => s.event === 'operationChanged')).toHaveLength(1)
    expect(counted()).toHaveLength(0)
    vi.advanceTimersByTime(COUNTS_EVERY_MS)
    expect(counted()).toEqual([
      { event: 'outboxChanged', payload: { pending: 3, needsAttention: 0, pendingReports: 3 } },
    ])

    engineEmit(core, { type: 'operation', operation })
    engineEmit(core, {
      type: 'run-finished',
      summary: emptyRunSummary({ leaseHeld: true, offline: true, pending: 3 }),
    })
    // Counted at once at the end of the run, and not again by the timer it replaced.
    expect(counted()).toHaveLength(2)
    vi.advanceTimersByTime(COUNTS_EVERY_MS * 3)
    expect(counted()).toHaveLength(2)
    off()
    vi.useRealTimers()
    await core.close()
  })

  it("push each operation's changes once per interval, as it is when pushed, and before the end of a run", async () => {
    const core = offlineCore()
    Outbox.submitMany(core, [draft(5), draft(6)])
    const [first, second] = Outbox.outbox(core).operations
    const seen: { event: string; payload: unknown }[] = []
    vi.useFakeTimers()
    const off = forwardEngineEvents(core, (event, payload) => seen.push({ event, payload }))
    const pushed = () =>
      seen.flatMap((s) =>
        s.event === 'operationChanged' ? [s.payload as { id: number; state: string }] : [],
      )
    // A change told with an old copy of the operation: discarded since, it is pushed discarded.
    engineEmit(core, { type: 'operation', operation: first! })
    engineEmit(core, { type: 'operation', operation: second! })
    engineEmit(core, { type: 'operation', operation: first! })
    Outbox.discardOperation(core, first!.id)
    expect(pushed()).toEqual([])
    vi.advanceTimersByTime(OPERATIONS_EVERY_MS)
    expect(pushed().map(({ id, state }) => [id, state])).toEqual([
      [first!.id, 'cancelled'],
      [second!.id, 'queued'],
    ])
    // Gathered when the run ends: pushed at once, ahead of the run's end.
    engineEmit(core, { type: 'operation', operation: second! })
    engineEmit(core, {
      type: 'run-finished',
      summary: emptyRunSummary({ leaseHeld: true, offline: true, pending: 1 }),
    })
    expect(seen.slice(-3).map((s) => s.event)).toEqual([
      'operationChanged',
      'syncFinished',
      'outboxChanged',
    ])
    vi.advanceTimersByTime(OPERATIONS_EVERY_MS * 3)
    expect(pushed()).toHaveLength(3)
    off()
    vi.useRealTimers()
    await core.close()
  })

  it('are read from the index of open operations, not from the whole history', async () => {
    const core = offlineCore()
    Outbox.submitMany(core, [draft(4)])
    const plan = (
      core.db
        .prepare(
          "EXPLAIN QUERY PLAN SELECT state, count(*) AS n FROM operations WHERE state NOT IN ('done', 'cancelled') GROUP BY state",
        )
        .all() as { detail: string }[]
    ).map((row) => row.detail)
    expect(plan.join('; ')).toMatch(/COVERING INDEX operations_open/)
    expect(countPending(core.db)).toEqual({
      queued: 1,
      sending: 0,
      waiting_retry: 0,
      needs_attention: 0,
    })
    expect(Outbox.outboxCounts(core)).toMatchObject({ pending: 1, counts: { queued: 1 } })
    await core.close()
  })
})

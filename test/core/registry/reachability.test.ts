import { describe, expect, it } from 'vitest'
import { reachabilityOf } from '../../../src/core/registry/reachability'
import type { Reachability } from '../../../src/core/registry/reachability'
import { closedPortUrl, openTestCore } from '../../support/core-with-sandbox'
import { useSandbox } from '../../support/use-sandbox'
import * as Banks from '../../../src/core/banks/banks'
import * as Search from '../../../src/core/search/search'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Sync from '../../../src/core/sync/sync'

/* Every exchange with the registry says whether it can be reached, and why not, in words. */

const registry = useSandbox()

const entry = (outcome: string, status?: number, message?: string) =>
  ({
    at: '',
    endpoint: 'GET /api/v1/banks',
    durationMs: 1,
    outcome,
    status,
    message,
  }) as Parameters<typeof reachabilityOf>[0]

describe('reachability from one exchange', () => {
  it('reads refused, unresolved, timed out and unavailable as unreachable, with a plain reason', () => {
    const refused = reachabilityOf(entry('offline', undefined, 'x. (ECONNREFUSED)'), 5)
    expect(refused).toMatchObject({ state: 'unreachable', at: 5 })
    expect(refused?.reason).toMatch(/nothing answers at its address/)
    expect(refused?.reason).not.toMatch(/ECONN/)
    expect(refused?.detail).toBe('GET /api/v1/banks: ECONNREFUSED')
    expect(reachabilityOf(entry('offline', undefined, 'x. (ENOTFOUND)'), 1)?.reason).toMatch(
      /address cannot be found/,
    )
    expect(reachabilityOf(entry('timeout'), 1)?.reason).toMatch(/did not answer in time/)
    const unavailable = reachabilityOf(entry('server', 503), 1)
    expect(unavailable?.reason).toMatch(/unavailable for now/)
    expect(unavailable?.detail).toMatch(/HTTP 503/)
  })

  it('reads any answer from the registry, even a refusal, as reachable; a cancelled call says nothing', () => {
    expect(reachabilityOf(entry('ok', 200), 1)?.state).toBe('online')
    expect(reachabilityOf(entry('validation', 422), 1)?.state).toBe('online')
    expect(reachabilityOf(entry('unauthorized', 401), 1)?.state).toBe('online')
    expect(reachabilityOf(entry('rate_limited', 429), 1)?.state).toBe('online')
    expect(reachabilityOf(entry('cancelled'), 1)).toBeNull()
    // No key set: the call never left, so it says nothing about the registry.
    expect(reachabilityOf(entry('unauthorized'), 1)).toBeNull()
  })
})

describe('the core', () => {
  it('follows reachability from searches and refreshes, not only from sending', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const seen: Reachability[] = []
    core.reachability.onChange((r) => seen.push(r))
    expect(core.reachability.current().state).toBe('unknown')
    registry.sandbox.setFaults([{ kind: 'error', status: 503 }])
    await Banks.refreshBanks(core).catch(() => undefined)
    expect(core.reachability.current()).toMatchObject({ state: 'unreachable' })
    expect(core.reachability.current().reason).toMatch(/unavailable for now/)
    registry.sandbox.clearFaults()
    await Search.search(core, { identifier: 'email', value: 'nobody@example.com' })
    expect(core.reachability.current().state).toBe('online')
    expect(seen.map((r) => r.state)).toEqual(['unreachable', 'online'])
    await core.close()

    const down = await closedPortUrl()
    const offline = openTestCore(registry.sandbox, {
      key: () => registry.key,
      connection: { baseUrl: down, uploadUrl: down },
    })
    const answer = await Search.search(offline, {
      identifier: 'email',
      value: 'nobody@example.com',
    })
    expect(answer.source).toBe('offline')
    expect(offline.reachability.current().reason).toMatch(/nothing answers at its address/)
    await offline.close()
  })

  it('"Sync now" sends items waiting for their retry time at once', async () => {
    const down = await closedPortUrl()
    const core = openTestCore(registry.sandbox, {
      key: () => registry.key,
      connection: { baseUrl: down, uploadUrl: down },
      retryPolicy: { baseMs: 60_000, capMs: 60_000, unknownOutcomeFloorMs: 400 },
      random: () => 1,
    })
    const queued = Outbox.submit(core, {
      fraudType: 'hacker',
      fraudReason: 'x'.repeat(60),
      identifiers: [{ label: 'email', value: 'wait@example.com' }],
    })
    expect(queued.ok).toBe(true)
    await core.engine.runOnce()
    const waiting = Outbox.outbox(core).operations[0]
    expect(waiting?.state).toBe('waiting_retry')
    const before = waiting?.attempts ?? 0
    // A plain run leaves it alone until its time; Sync now tries it again.
    await core.engine.runOnce()
    expect(Outbox.outbox(core).operations[0]?.attempts).toBe(before)
    const run = await Sync.syncNow(core)
    expect(run.offline).toBe(true)
    expect(Outbox.outbox(core).operations[0]?.attempts).toBe(before + 1)
    await core.close()
  })
})

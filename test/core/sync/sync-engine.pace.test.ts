import { describe, expect, it } from 'vitest'
import { isRegistryError } from '../../../src/core/registry-error'
import { useSandbox } from '../../support/use-sandbox'
import { openTestCore, submissionsWithReason, uniqueReason } from '../../support/core-with-sandbox'
import type { Core } from '../../../src/core/open-core'
import * as Outbox from '../../../src/core/outbox/outbox'

/*
 * The outbox's pace against the sandbox registry: how many creates it has out at once, and what
 * it does when the registry answers 429 with Retry-After. Counts and order, never timings.
 */

const registry = useSandbox()

/** Wraps the core's createReport to record each call: when it left, how it ended, how many were out. */
function watchCreates(core: Core) {
  const calls: {
    reason: string
    startedAt: number
    endedAt: number
    retryAfterMs?: number
    /** Refused by the client itself, the registry not asked (it had asked for quiet). */
    heldBack?: boolean
  }[] = []
  let out = 0
  let mostOut = 0
  const original = core.client.createReport.bind(core.client)
  core.client.createReport = async (input, options) => {
    out++
    mostOut = Math.max(mostOut, out)
    const call: (typeof calls)[number] = {
      reason: input.fraudReason,
      startedAt: Date.now(),
      endedAt: 0,
    }
    calls.push(call)
    try {
      return await original(input, options)
    } catch (error) {
      if (isRegistryError(error) && error.kind === 'rate_limited') {
        call.retryAfterMs = error.retryAfterMs
        call.heldBack = error.status === undefined
      }
      throw error
    } finally {
      call.endedAt = Date.now()
      out--
    }
  }
  return { calls, mostOut: () => mostOut }
}

const queue = (core: Core, label: string, count: number) => {
  const reasons = Array.from({ length: count }, (_, i) => `${uniqueReason(label)} (${i})`)
  const results = Outbox.submitMany(
    core,
    reasons.map((fraudReason, i) => ({
      fraudType: 'money_mule',
      fraudReason,
      identifiers: [{ label: 'phone', value: `0803${String(1_000_000 + i)}` }],
    })),
  )
  expect(results.every((r) => r.ok)).toBe(true)
  return reasons
}

describe('the outbox’s pace', () => {
  it('sends more at once while the registry answers cleanly, never more than 16', async () => {
    registry.sandbox.setFaults([{ kind: 'latency', ms: 20, route: 'create' }])
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const watch = watchCreates(core)
    const reasons = queue(core, 'pace-grow', 300)
    await core.engine.runUntilIdle()
    registry.sandbox.clearFaults()
    expect(Outbox.outbox(core).pending).toBe(0)
    expect(watch.calls).toHaveLength(300)
    expect(watch.mostOut()).toBeGreaterThan(4)
    expect(watch.mostOut()).toBeLessThanOrEqual(16)
    expect(await submissionsWithReason(registry.sandbox, registry.key, reasons[299]!)).toHaveLength(
      1,
    )
    await core.close()
  })

  it('with 429s, sends nothing at all before a Retry-After has passed, and every report lands once', async () => {
    registry.sandbox.setFaults([
      { kind: 'rate_limit', rate: 0.2, retryAfterSeconds: 1, route: 'create' },
    ])
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const watch = watchCreates(core)
    const reasons = queue(core, 'pace-429', 40)
    await core.engine.runUntilIdle()
    registry.sandbox.clearFaults()
    expect(Outbox.outbox(core).pending).toBe(0)

    const limited = watch.calls.filter((c) => c.retryAfterMs !== undefined && !c.heldBack)
    expect(limited.length).toBeGreaterThan(0)
    // A 429's Retry-After holds for every request (registry-notes.md): no create reached the
    // registry from its answer until its Retry-After had passed, only those already out.
    const reached = watch.calls.filter((c) => !c.heldBack)
    for (const refused of limited) {
      const early = reached.filter(
        (c) => c.startedAt >= refused.endedAt && c.startedAt < refused.endedAt + 1000,
      )
      expect(
        early.map((c) => c.reason),
        `sent within 1 s of a 429`,
      ).toEqual([])
    }
    for (const refused of limited) {
      expect(refused.retryAfterMs).toBe(1000)
      const next = reached.find(
        (c) => c.reason === refused.reason && c.startedAt >= refused.endedAt && c !== refused,
      )
      expect(next, `a retry of ${refused.reason}`).toBeDefined()
      expect(next!.startedAt - refused.endedAt).toBeGreaterThanOrEqual(1000)
    }
    for (const reason of reasons.filter((_, i) => i % 10 === 0))
      expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)
    await core.close()
  })
})

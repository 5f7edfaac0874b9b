import { rmSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { chainOperations } from '../../../src/core/outbox/outbox-repository'
import { startSandbox } from '../../../src/sandbox'
import { openTestCore, submissionsWithReason, uniqueReason } from '../../support/core-with-sandbox'
import { tempDataDir, useSandbox } from '../../support/use-sandbox'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Drafts from '../../../src/core/drafts/drafts'

/*
 * Time from the registry, not the laptop (issue 24, items 1-3): the engine's clock is set off
 * from the registry's (the sandbox stamps with its own clock, and dates its answers with it).
 */

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const registry = useSandbox()

/** This computer's clock, `skew` off the real time (which the sandbox keeps), and movable. */
function laptopClock(skew: number) {
  const clock = { skew, now: () => Date.now() + clock.skew }
  return clock
}

function queue(core: Core, reason: string, phone: string) {
  const queued = Outbox.submit(core, {
    fraudType: 'social_engineering',
    fraudReason: reason,
    identifiers: [{ label: 'phone', value: phone }],
  })
  if (!queued.ok) throw new Error(queued.message)
  return queued.report.localId
}

/** A sleep for runUntilIdle that fails the test instead of waiting hours for a stranded queue. */
async function boundedSleep(ms: number): Promise<void> {
  if (ms > MINUTE) throw new Error(`the queue would wait ${Math.round(ms / 1000)} s`)
  await delay(ms)
}

describe('a create whose answer was lost, on a laptop whose clock is off (item 1)', () => {
  it.each([
    ['2 h ahead', 2 * HOUR],
    ['3 days behind', -3 * DAY],
  ])('%s: found on the registry, never sent twice', async (_label, skew) => {
    const core = openTestCore(registry.sandbox, {
      key: () => registry.key,
      clock: laptopClock(skew),
    })
    try {
      const reason = uniqueReason(`clock ${skew}`)
      const localId = queue(core, reason, '08031110001')
      registry.sandbox.setFaults([{ kind: 'commit_then_drop', route: 'create', count: 1 }])
      const summary = await core.engine.runUntilIdle({ sleep: boundedSleep })
      const copies = await submissionsWithReason(registry.sandbox, registry.key, reason)
      expect(copies).toHaveLength(1)
      expect(summary.adopted).toBe(1)
      expect(Drafts.getReport(core, localId).registryId).toBe(copies[0]!.id)
      // The offset to the registry's clock is known, and kept in the folder.
      expect(core.folderClock.registry.current()?.offsetMs).toBeCloseTo(-skew, -4)
    } finally {
      registry.sandbox.clearFaults()
      await core.close()
    }
  })
})

describe('a clock corrected in the middle of a sync (item 2)', () => {
  it.each([
    ['2 h ahead, set back by NTP', 2 * HOUR],
    ['3 days behind, set forward', -3 * DAY],
  ])('%s: the queue goes on at once and nothing is sent twice', async (_label, skew) => {
    const clock = laptopClock(skew)
    const core = openTestCore(registry.sandbox, { key: () => registry.key, clock })
    try {
      const reasons = [0, 1, 2].map((i) => uniqueReason(`jump ${skew} ${i}`))
      reasons.forEach((reason, i) => queue(core, reason, `0803222000${i}`))
      // Two of the three creates are saved by the registry, their answers lost.
      registry.sandbox.setFaults([{ kind: 'commit_then_drop', route: 'create', count: 2 }])
      await core.engine.runOnce()
      registry.sandbox.clearFaults()
      // (A slow machine may lose the third answer too: it is then reconciled the same way.)
      const waiting = Outbox.outbox(core).operations.filter((op) => op.state === 'waiting_retry')
      expect(waiting.length).toBeGreaterThanOrEqual(2)
      expect(waiting.every((op) => op.outcomeUnknown)).toBe(true)

      clock.skew = 0 // NTP, or a person, puts the clock right
      const summary = await core.engine.runUntilIdle({ sleep: boundedSleep })
      expect(summary.adopted).toBe(waiting.length)
      expect(Outbox.outbox(core).pending).toBe(0)
      for (const reason of reasons)
        expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)
    } finally {
      await core.close()
    }
  })
})

describe('a Retry-After given as a date, from a registry whose clock differs (item 3)', () => {
  it.each([
    ['this computer 2 h behind', 2 * HOUR],
    ['this computer 2 h ahead', -2 * HOUR],
  ])('%s: waits what the registry asked, not an hour, and not nothing', async (_label, ahead) => {
    const dataDir = tempDataDir()
    // A registry double with its own clock, `ahead` of this computer's.
    const sandbox = await startSandbox({
      port: 0,
      dataDir,
      now: () => new Date(Date.now() + ahead),
    })
    const core = openTestCore(sandbox, { key: () => sandbox.demoKeys[0]!.key })
    try {
      const localId = queue(core, uniqueReason(`retry-after ${ahead}`), '08033330000')
      sandbox.setFaults([
        {
          kind: 'rate_limit',
          retryAfterSeconds: 3,
          retryAfterForm: 'http-date',
          route: 'create',
          count: 1,
        },
      ])
      const before = Date.now()
      await core.engine.runOnce()
      const [create] = chainOperations(core.db, localId)
      expect(create).toMatchObject({ state: 'waiting_retry', lastError: { status: 429 } })
      const wait = create!.nextAttemptAt! - before
      expect(wait).toBeGreaterThanOrEqual(2_000)
      expect(wait).toBeLessThan(5_000)
    } finally {
      await core.close()
      await sandbox.stop()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

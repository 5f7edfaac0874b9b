import { describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import { inspector, openTestCore, uniqueReason } from '../../support/core-with-sandbox'
import { syncCommand } from '../../../src/cli/commands/sync-command'
import { addRunSummaries, idleStep, STALL_PAUSE_MS } from '../../../src/core/sync/idle-step'
import { emptyRunSummary, type RunSummary } from '../../../src/core/sync/sync-engine'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Drafts from '../../../src/core/drafts/drafts'

/* "Until idle" means nothing can move without a person or a timer, and the loop never spins. */

const registry = useSandbox()

describe('runUntilIdle', () => {
  it('returns when a chain waits behind an item that needs attention, instead of spinning on it', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    try {
      const reason = uniqueReason('until-idle')
      const queued = Outbox.submit(core, {
        fraudType: 'hacker',
        fraudReason: reason,
        identifiers: [{ label: 'email', value: 'idle@example.com' }],
      })
      if (!queued.ok) throw new Error(queued.message)
      await core.engine.runUntilIdle()
      const registryId = Drafts.getReport(core, queued.report.localId).registryId
      if (!registryId) throw new Error('the report was not created')
      // A colleague unlists it on the registry; this laptop still thinks it is listed.
      await inspector(registry.sandbox, registry.key).unlistReport(registryId)

      expect(
        Outbox.queueUpdate(core, registryId, {
          fraudType: 'hacker',
          fraudReason: `${reason} (edited)`,
          identifiers: [{ label: 'email', value: 'idle@example.com' }],
        }).ok,
      ).toBe(true)
      expect(Outbox.queueUnlist(core, registryId).ok).toBe(true)

      // Count the runs; on a spinning loop the abort after 40 ends the test instead of a hang.
      let runs = 0
      const stop = new AbortController()
      const runOnce = core.engine.runOnce.bind(core.engine)
      core.engine.runOnce = () => {
        if (++runs >= 40) stop.abort()
        return runOnce()
      }
      const summary = await core.engine.runUntilIdle({ signal: stop.signal, sleep: async () => {} })
      expect(stop.signal.aborted).toBe(false)
      expect(runs).toBeLessThanOrEqual(3)
      expect(summary.leaseHeld).toBe(true)
      const outbox = Outbox.outbox(core)
      expect(outbox.counts.needs_attention).toBe(1) // the update the registry refused (409)
      expect(outbox.counts.queued).toBe(1) // the unlist, blocked behind it, kept for the user's decision
    } finally {
      await core.close()
    }
  })
})

describe('what runUntilIdle and casefile sync --until-idle report (issue 24, item 13)', () => {
  it('the whole loop: every report sent and every one found already, not only the last run’s', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    try {
      for (let i = 0; i < 6; i++) {
        const queued = Outbox.submit(core, {
          fraudType: 'hacker',
          fraudReason: uniqueReason(`totals ${i}`),
          identifiers: [{ label: 'email', value: `totals.${i}@example.com` }],
        })
        if (!queued.ok) throw new Error(queued.message)
      }
      // Two answers are lost after the registry saved them: a later run finds them there.
      registry.sandbox.setFaults([{ kind: 'commit_then_drop', route: 'create', count: 2 }])
      const lines: string[] = []
      const code = await syncCommand(
        core,
        { out: (line) => lines.push(line), err: (line) => lines.push(line) },
        { untilIdle: true, json: false, signal: new AbortController().signal },
      )
      expect(code).toBe(0)
      expect(lines.join('\n')).toContain('Sent 4 reports, found already on the registry 2;')
    } finally {
      registry.sandbox.clearFaults()
      await core.close()
    }
  })

  it('addRunSummaries sums what was done and keeps how things stand from the last run', () => {
    const first = emptyRunSummary({ leaseHeld: true, sent: 5, reports: 4, retrying: 2, pending: 2 })
    const last = emptyRunSummary({ leaseHeld: true, adopted: 2, pending: 0, nextWakeAt: null })
    expect(addRunSummaries(first, last)).toEqual(
      emptyRunSummary({
        leaseHeld: true,
        sent: 5,
        reports: 4,
        adopted: 2,
        retrying: 2,
        pending: 0,
      }),
    )
  })
})

describe('idleStep (the guard)', () => {
  const quiet: RunSummary = emptyRunSummary({ leaseHeld: true, pending: 2 })
  const context = { movableChains: 1, now: 1_000, stopWhenOffline: false, aborted: false }

  it('returns after a run that moved nothing and has no wake time, even if something looks movable', () => {
    expect(idleStep(quiet, context)).toEqual({ kind: 'return' })
  })

  it('goes round again only after a run that moved something', () => {
    expect(idleStep({ ...quiet, sent: 1 }, context)).toEqual({ kind: 'again' })
    expect(idleStep({ ...quiet, needsAttention: 1 }, context)).toEqual({ kind: 'again' })
  })

  it('sleeps until the wake time, and never for less than a pause when the last run moved nothing', () => {
    expect(idleStep({ ...quiet, retrying: 1, nextWakeAt: 4_000 }, context)).toEqual({
      kind: 'sleep',
      ms: 3_000,
    })
    expect(idleStep({ ...quiet, retrying: 1, nextWakeAt: 500 }, context)).toEqual({
      kind: 'sleep',
      ms: 0,
    })
    expect(idleStep({ ...quiet, nextWakeAt: 500 }, context)).toEqual({
      kind: 'sleep',
      ms: STALL_PAUSE_MS,
    })
  })

  it('returns when nothing can move, the queue is paused, the lease is elsewhere, or it was asked to stop', () => {
    expect(idleStep({ ...quiet, sent: 1 }, { ...context, movableChains: 0 })).toEqual({
      kind: 'return',
    })
    expect(idleStep({ ...quiet, sent: 1, leaseHeld: false }, context)).toEqual({ kind: 'return' })
    expect(
      idleStep(
        {
          ...quiet,
          sent: 1,
          paused: { reason: 'unauthorized', message: 'x', since: 0 },
        },
        context,
      ),
    ).toEqual({ kind: 'return' })
    expect(idleStep({ ...quiet, sent: 1 }, { ...context, aborted: true })).toEqual({
      kind: 'return',
    })
    expect(
      idleStep(
        { ...quiet, retrying: 1, offline: true, nextWakeAt: 9_000 },
        { ...context, stopWhenOffline: true },
      ),
    ).toEqual({ kind: 'return' })
  })
})

import type { RunSummary } from './sync-engine'

/** The shortest pause between two runs that moved nothing while a retry time is already due. */
export const STALL_PAUSE_MS = 250

export type IdleStep = { kind: 'return' } | { kind: 'sleep'; ms: number } | { kind: 'again' }

/**
 * What a run-until-idle loop does after one run. The guard: the loop never goes round again
 * without having moved something (sent, adopted, scheduled a retry or put an item aside for the
 * user) or sleeping until a wake time; with neither, it returns. So a chain stuck behind an item
 * that needs attention ends the loop instead of spinning on it.
 */
export function idleStep(
  summary: RunSummary,
  context: { movableChains: number; now: number; stopWhenOffline: boolean; aborted: boolean },
): IdleStep {
  if (!summary.leaseHeld || summary.paused || context.aborted) return { kind: 'return' }
  if (context.movableChains === 0) return { kind: 'return' }
  if (summary.offline && context.stopWhenOffline) return { kind: 'return' }
  const moved = summary.sent + summary.adopted + summary.retrying + summary.needsAttention > 0
  if (summary.nextWakeAt !== null) {
    const ms = Math.max(0, summary.nextWakeAt - context.now)
    return { kind: 'sleep', ms: moved ? ms : Math.max(ms, STALL_PAUSE_MS) }
  }
  return moved ? { kind: 'again' } : { kind: 'return' }
}

/**
 * A run-until-idle loop's summary so far with one more run added: what was done is summed over
 * the runs; how things stand (offline, paused, pending, the next wake-up) is the last run's.
 */
export function addRunSummaries(total: RunSummary, run: RunSummary): RunSummary {
  return {
    ...run,
    leaseHeld: total.leaseHeld || run.leaseHeld,
    sent: total.sent + run.sent,
    reports: total.reports + run.reports,
    adopted: total.adopted + run.adopted,
    retrying: total.retrying + run.retrying,
    needsAttention: total.needsAttention + run.needsAttention,
  }
}

import type { CoreContext } from '../core-context'
import { makeWaitingDue, wakeNetworkWaits } from './network-waits'
import { resumeSync } from '../store/store'

// The sync's own table (sync_state), for the folders that keep a value in it.

/*
 * Sending the outbox: what a person or the computer asks of the sync engine (core.engine runs
 * the loop, with its lease, group commit and failure mapping in files of their own).
 */

/** The person asked to sync now: everything waiting goes now, not at its next retry time. */
export function syncNow(core: CoreContext) {
  makeWaitingDue(core.db, core.clock.now())
  return core.engine.runOnce()
}

/** The connection came back (the shell hears it from the OS): send what waited, now. */
export function connectivityChanged(core: CoreContext, online: boolean): void {
  if (!online) return
  // Waiting operations were waiting for the network, not for their backoff to run out.
  makeWaitingDue(core.db, core.clock.now())
  core.queued()
}

/** The key was replaced: lift a pause caused by the old one and try again. */
export function resumeAfterKeyChange(core: CoreContext): void {
  resumeSync(core.db)
  core.queued()
}

/**
 * Asked to sync now from the command line: what waits only on a network refusal (nothing was
 * sent) is tried now, unless the registry asked for quiet.
 */
export function wakeNetworkWaitsNow(core: CoreContext): void {
  const now = core.clock.now()
  if (core.client.quietUntil() <= now) wakeNetworkWaits(core.db, now)
}

/**
 * One pass of the engine, or (untilIdle) passes until nothing more can move or the registry
 * cannot be reached. An abort stops the engine at once: a request in flight is aborted and
 * recorded as outcome-unknown, to be reconciled on the next run (as after a crash).
 */
export async function syncPass(
  core: CoreContext,
  options: { untilIdle: boolean; signal: AbortSignal; sleep: (ms: number) => Promise<void> },
) {
  const stop = () => void core.engine.stop(0)
  options.signal.addEventListener('abort', stop, { once: true })
  try {
    return options.untilIdle
      ? await core.engine.runUntilIdle({
          stopWhenOffline: true,
          signal: options.signal,
          sleep: options.sleep,
        })
      : await core.engine.runOnce()
  } finally {
    options.signal.removeEventListener('abort', stop)
  }
}

// What the rest of the app uses of this folder's other files.
export { FolderClock } from './folder-clock'
export { SyncEngine } from './sync-engine'
export type { RunSummary } from './sync-engine'
export type { RetryPolicy } from './retry-policy'
export { nodeTimers, timerDelay } from './timer-delay'
export type { Timers } from './timer-delay'
export { syncHandlers } from './sync-handlers'

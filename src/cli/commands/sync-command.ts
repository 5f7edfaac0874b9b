import { setTimeout as delay } from 'node:timers/promises'
import type { Core } from '../../core/open-core'
import type { RunSummary } from '../../core/sync/sync'
import { EXIT } from '../exit-codes'
import { printJson, type CliIo } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { interruptedError } from '../interrupted'
import { withCore } from '../open-core'
import * as Sync from '../../core/sync/sync'
import * as Outbox from '../../core/outbox/outbox'
import type { StoredError } from '../../core/outbox/outbox'
import type { Reachability } from '../../core/registry/registry'
import { networkRefusalSaid, pauseSaid } from '../network-words'

/** Waits between runs until the next retry time, or until the process is asked to stop. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return delay(ms, undefined, { signal }).catch(() => undefined)
}

export function exitCodeOf(summary: RunSummary, needsAttention: number): number {
  if (!summary.leaseHeld) return EXIT.busy
  // A proxy that wants its password is the network, not the registry's refusal of the key.
  if (summary.paused)
    return summary.paused.reason === 'proxy_auth' ? EXIT.offline : EXIT.unauthorized
  if (summary.offline) return EXIT.offline
  if (needsAttention > 0) return EXIT.needsAttention
  return EXIT.ok
}

/** The network's refusal that a report waiting for its retry time last met, in the CLI's words. */
function networkWaitReason(
  operations: readonly { state: string; lastError: StoredError | null }[],
): string | null {
  const waiting = operations.find(
    (op) => op.state === 'waiting_retry' && op.lastError?.kind === 'offline',
  )
  const refusal = waiting?.lastError?.networkRefusal
  return refusal ? networkRefusalSaid(refusal) : (waiting?.lastError?.message ?? null)
}

/** Why the registry cannot be reached, the network's refusal in the CLI's words. */
function unreachableReason({ reason, refusal }: Reachability): string | null {
  return refusal ? networkRefusalSaid(refusal) : reason
}

/** casefile sync [--until-idle]: one pass, or until nothing more can move. */
export async function syncCommand(
  core: Core,
  io: CliIo,
  options: { untilIdle: boolean; json: boolean; signal: AbortSignal },
): Promise<number> {
  // Each run brings its key (CASEFILE_API_KEY or the keychain): a pause for an earlier refused key is tried again.
  Sync.resumeAfterKeyChange(core)
  // Asked to sync now: what waits only on a network refusal (nothing was sent) is tried now,
  // unless the registry asked for quiet.
  Sync.wakeNetworkWaitsNow(core)
  // SIGINT/SIGTERM: the engine stops at once; a request in flight is aborted and recorded as
  // outcome-unknown, to be reconciled on the next run (as after a crash), and the lease released.
  const summary = await Sync.syncPass(core, {
    untilIdle: options.untilIdle,
    signal: options.signal,
    sleep: (ms) => wait(ms, options.signal),
  })
  if (options.signal.aborted) throw interruptedError(options.signal)
  const outbox = Outbox.outbox(core)
  // Why the registry could not be reached, in the words the window and the log use. A pass that
  // tried nothing (every report waits for its retry time) learned nothing new: what waits still
  // waits on the network's last refusal, and saying "0, exit 0" would hide it.
  const stillWaiting = summary.sent === 0 ? networkWaitReason(outbox.operations) : null
  const offline = summary.offline || stillWaiting !== null
  const offlineReason = summary.offline
    ? unreachableReason(core.reachability.current())
    : stillWaiting
  const code = exitCodeOf({ ...summary, offline }, outbox.counts.needs_attention)
  const result = {
    ...summary,
    paused: summary.paused && pauseSaid(summary.paused),
    offline,
    offlineReason,
    needsAttention: outbox.counts.needs_attention,
    nextWakeAt: summary.nextWakeAt ? new Date(summary.nextWakeAt).toISOString() : null,
    exitCode: code,
  }
  if (options.json) printJson(io, result)
  else {
    if (!summary.leaseHeld)
      io.err('Another Casefile process is syncing this data folder; try again when it is done.')
    io.out(
      `Sent ${summary.reports} report${summary.reports === 1 ? '' : 's'}${summary.adopted ? `, found already on the registry ${summary.adopted}` : ''}; ${outbox.pending} pending, ${outbox.counts.needs_attention} need attention.`,
    )
    if (result.paused) io.err(`Paused: ${result.paused.message}`)
    if (summary.paused?.reason === 'origin_changed')
      io.err(
        'If this registry is the right one, run `casefile config set --base-url URL --upload-url URL --confirm-registry-change` to send the queued work there.',
      )
    if (offline)
      io.err(
        offlineReason
          ? `${offlineReason} Queued work is kept and will be sent later.`
          : 'The registry cannot be reached; queued work is kept and will be sent later.',
      )
  }
  return code
}

export const run: CommandRun = (context) =>
  withCore(context, (core) =>
    syncCommand(core, context.io, {
      untilIdle: context.options['until-idle'] === true,
      json: context.global.json,
      signal: context.signal,
    }),
  )

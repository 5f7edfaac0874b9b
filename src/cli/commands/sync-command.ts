import type { CasefileCore } from '../../core/casefile-core'
import type { RunSummary } from '../../core/outbox/sync-engine'
import { EXIT } from '../exit-codes'
import { printJson, type CliIo } from '../cli-io'

export function exitCodeOf(summary: RunSummary, needsAttention: number): number {
  if (!summary.leaseHeld) return EXIT.busy
  if (summary.paused) return EXIT.unauthorized
  if (summary.offline) return EXIT.offline
  if (needsAttention > 0) return EXIT.needsAttention
  return EXIT.ok
}

/** casefile sync [--until-idle]: one pass, or until nothing more can move. */
export async function syncCommand(
  core: CasefileCore,
  io: CliIo,
  options: { untilIdle: boolean; json: boolean },
): Promise<number> {
  // Each run brings its key (CASEFILE_API_KEY or the keychain): a pause for an earlier refused key is tried again.
  core.resumeAfterKeyChange()
  const summary = options.untilIdle
    ? await core.engine.runUntilIdle({ stopWhenOffline: true })
    : await core.engine.runOnce()
  const outbox = core.outbox()
  const code = exitCodeOf(summary, outbox.counts.needs_attention)
  const result = {
    ...summary,
    needsAttention: outbox.counts.needs_attention,
    nextWakeAt: summary.nextWakeAt ? new Date(summary.nextWakeAt).toISOString() : null,
    exitCode: code,
  }
  if (options.json) printJson(io, result)
  else {
    if (!summary.leaseHeld)
      io.err('Another Casefile process is syncing this data folder; try again when it is done.')
    io.out(
      `Sent ${summary.sent}${summary.adopted ? `, found already on the registry ${summary.adopted}` : ''}; ${outbox.pending} pending, ${outbox.counts.needs_attention} need attention.`,
    )
    if (summary.paused) io.err(`Paused: ${summary.paused.message}`)
    if (summary.offline)
      io.err('The registry cannot be reached; queued work is kept and will be sent later.')
  }
  return code
}

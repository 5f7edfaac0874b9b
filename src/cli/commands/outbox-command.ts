import type { StoreContext } from '../../core/core-context'
import { findReport } from '../../core/drafts/drafts'
import { outbox as outboxOf, type StoredError } from '../../core/outbox/outbox'
import { printJson, printTable, type CliIo } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { networkRefusalSaid, pauseSaid } from '../network-words'
import { withStore } from '../open-store'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/**
 * A last error as the outbox shows it: a network refusal in the CLI's words (its facts are
 * for that, and stay out of what is shown), any other as the core said it.
 */
const shownError = ({ networkRefusal, ...error }: StoredError) =>
  networkRefusal ? { ...error, message: networkRefusalSaid(networkRefusal) } : error

/** casefile outbox [--json] */
export function outboxCommand(store: StoreContext, io: CliIo, json: boolean): void {
  const outbox = outboxOf(store)
  const operations = outbox.operations.map((op) => {
    const report = findReport(store, op.chainId)
    return {
      id: op.id,
      reportId: op.chainId,
      registryId: report?.registryId ?? null,
      kind: op.kind,
      state: op.state,
      attempts: op.attempts,
      nextAttemptAt: iso(op.nextAttemptAt),
      outcomeUnknown: op.outcomeUnknown,
      lastError: op.lastError && shownError(op.lastError),
    }
  })
  if (json) {
    printJson(io, {
      pending: outbox.pending,
      counts: outbox.counts,
      paused: outbox.paused && pauseSaid(outbox.paused),
      lastSyncAt: iso(outbox.lastSyncAt),
      operations,
    })
    return
  }
  io.out(
    `${outbox.pending} pending (${outbox.counts.needs_attention} need attention). Last successful sync: ${iso(outbox.lastSyncAt) ?? 'never'}.`,
  )
  if (outbox.paused) io.out(`Paused: ${pauseSaid(outbox.paused).message}`)
  printTable(
    io,
    ['ID', 'REPORT', 'KIND', 'STATE', 'TRIES', 'NEXT TRY', 'LAST ERROR'],
    operations.map((op) => [
      String(op.id),
      op.reportId.slice(0, 8),
      op.kind,
      op.state,
      String(op.attempts),
      op.nextAttemptAt ?? '',
      op.lastError?.message ?? '',
    ]),
  )
}

export const run: CommandRun = (context) =>
  withStore(context, (store) => {
    outboxCommand(store, context.io, context.global.json)
    return EXIT.ok
  })

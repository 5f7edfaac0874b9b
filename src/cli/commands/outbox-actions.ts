import type { Core } from '../../core/open-core'
import type { Operation } from '../../core/outbox/outbox'
import { CliError } from '../cli-error'
import { printJson, type CliIo } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import { overlayReportFile, readReportFile } from './report-file'
import * as Outbox from '../../core/outbox/outbox'
import * as Drafts from '../../core/drafts/drafts'

/*
 * The CLI twins of the Outbox's buttons for an item that needs attention (or waits to retry):
 * Retry now, Discard, and Edit and requeue. Each checks the id and the item's state first and
 * says in words why it cannot act, so a script never changes the wrong item.
 */

const ACTIONABLE = new Set<Operation['state']>(['needs_attention', 'waiting_retry', 'queued'])

function operationOf(core: Core, raw: string): Operation {
  const id = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN
  if (!Number.isSafeInteger(id))
    throw new CliError(
      `"${raw}" is not an outbox item id: use the number in the ID column of \`casefile outbox\`.`,
    )
  const op = Outbox.findOperation(core, id)
  if (!op)
    throw new CliError(
      `There is no outbox item ${id} in this data folder: \`casefile outbox\` lists them.`,
    )
  if (!ACTIONABLE.has(op.state))
    throw new CliError(
      op.state === 'done'
        ? `Outbox item ${id} was already sent; there is nothing to retry, discard or requeue.`
        : op.state === 'cancelled'
          ? `Outbox item ${id} was discarded; queue the report again to send it.`
          : `Outbox item ${id} is being sent right now; wait for the sync to finish and try again.`,
    )
  return op
}

const view = (op: Operation) => ({ id: op.id, kind: op.kind, state: op.state })

/** casefile outbox retry ID: sends it at the next sync, and resumes a paused queue. */
export function outboxRetryCommand(core: Core, io: CliIo, raw: string, json: boolean) {
  const op = Outbox.retryNow(core, operationOf(core, raw).id)
  if (json) printJson(io, { operation: view(op) })
  else io.out(`Outbox item ${op.id} will be sent at the next sync (\`casefile sync\`).`)
}

/** casefile outbox discard ID: drops it and what waits behind it; a never-sent report becomes a draft again. */
export function outboxDiscardCommand(core: Core, io: CliIo, raw: string, json: boolean) {
  const discarded = Outbox.discardOperation(core, operationOf(core, raw).id)
  if (json) printJson(io, { discarded: discarded.map(view) })
  else
    io.out(
      `Discarded outbox item${discarded.length === 1 ? '' : 's'} ${discarded.map((op) => op.id).join(', ')}. What the report said is kept in this folder.`,
    )
}

/** casefile outbox requeue ID FILE.json: new content for a refused create or update, same place in its chain. */
export function outboxRequeueCommand(
  core: Core,
  io: CliIo,
  raw: string,
  file: string,
  json: boolean,
) {
  const op = operationOf(core, raw)
  const parsed = readReportFile(file)
  if (parsed.localAttachments.length > 0)
    throw new CliError(
      `${file} names files on this computer; an item being requeued can only keep attachments already uploaded (links). Remove the file paths, or discard the item and submit the report again.`,
    )
  const result = Outbox.editAndRequeue(
    core,
    op.id,
    overlayReportFile(Drafts.getReport(core, op.chainId).draft, parsed.draft),
  )
  if (!result.ok)
    throw new CliError(
      result.issues.length > 0
        ? [
            `Not requeued: fix ${result.issues.length === 1 ? 'this' : `these ${result.issues.length}`} and try again:`,
            ...result.issues.map((i) => `  ${i.path || 'report'}: ${i.message}`),
          ].join('\n')
        : `Not requeued: ${result.message}`,
    )
  if (json) printJson(io, { operation: view(result.operations[0] as Operation) })
  else io.out(`Outbox item ${op.id} was changed and will be sent at the next sync.`)
}

export const runRetry: CommandRun = (context) =>
  withCore(context, (core) => {
    outboxRetryCommand(core, context.io, context.args[0] as string, context.global.json)
    return EXIT.ok
  })

export const runDiscard: CommandRun = (context) =>
  withCore(context, (core) => {
    outboxDiscardCommand(core, context.io, context.args[0] as string, context.global.json)
    return EXIT.ok
  })

export const runRequeue: CommandRun = (context) =>
  withCore(context, (core) => {
    const [id, file] = context.args as [string, string]
    outboxRequeueCommand(core, context.io, id, file, context.global.json)
    return EXIT.ok
  })

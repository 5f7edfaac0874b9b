import type { CasefileCore } from '../../core/casefile-core'
import type { QueueResult } from '../../core/outbox/queue-report'
import { CliError } from '../cli-error'
import { printJson, type CliIo } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import { readReportFile, withAttachments } from './report-file'

function report(io: CliIo, json: boolean, result: QueueResult, verb: string): void {
  if (!result.ok) {
    throw new CliError(
      result.issues.length > 0
        ? [
            `Not queued: fix ${result.issues.length === 1 ? 'this' : `these ${result.issues.length}`} and try again:`,
            ...result.issues.map((i) => `  ${i.path || 'report'}: ${i.message}`),
          ].join('\n')
        : `Not queued: ${result.message}`,
    )
  }
  const summary = {
    localId: result.report.localId,
    registryId: result.report.registryId,
    status: result.report.status,
    operations: result.operations.map((op) => ({ id: op.id, kind: op.kind, state: op.state })),
  }
  if (json) printJson(io, summary)
  else
    io.out(
      `${verb} ${summary.localId} (${summary.operations.map((op) => op.kind).join(', ')}). Run \`casefile sync\` to send it.`,
    )
}

/** casefile submit FILE.json: drafts the report, copies its attachments, queues it. */
export function submitCommand(core: CasefileCore, io: CliIo, file: string, json: boolean): void {
  const parsed = readReportFile(file)
  const draft = core.createDraft(parsed.draft)
  try {
    core.saveDraft(draft.localId, withAttachments(core, draft.localId, parsed))
    const result = core.queueReport(draft.localId)
    if (!result.ok) core.discardDraft(draft.localId) // the file is the user's copy; no half-made draft is left behind
    report(io, json, result, 'Queued')
  } catch (error) {
    if (core.getReport(draft.localId).status === 'draft') core.discardDraft(draft.localId)
    throw error
  }
}

/** casefile update ID FILE.json */
export function updateCommand(
  core: CasefileCore,
  io: CliIo,
  id: string,
  file: string,
  json: boolean,
): void {
  const parsed = readReportFile(file)
  const local = core.localRecordOf(id)
  report(
    io,
    json,
    core.queueUpdate(local.localId, withAttachments(core, local.localId, parsed)),
    'Queued an update of',
  )
}

/** casefile unlist ID */
export function unlistCommand(core: CasefileCore, io: CliIo, id: string, json: boolean): void {
  report(io, json, core.queueUnlist(id), 'Queued the unlisting of')
}

export const runSubmit: CommandRun = (context) =>
  withCore(context, (core) => {
    submitCommand(core, context.io, context.args[0] as string, context.global.json)
    return EXIT.ok
  })

export const runUpdate: CommandRun = (context) =>
  withCore(context, (core) => {
    const [id, file] = context.args as [string, string]
    updateCommand(core, context.io, id, file, context.global.json)
    return EXIT.ok
  })

export const runUnlist: CommandRun = (context) =>
  withCore(context, (core) => {
    unlistCommand(core, context.io, context.args[0] as string, context.global.json)
    return EXIT.ok
  })

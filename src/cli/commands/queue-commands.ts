import type { Core } from '../../core/open-core'
import type { QueueResult } from '../../core/outbox/outbox'
import { CliError } from '../cli-error'
import { printJson, type CliIo } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import {
  overlayReportFile,
  readReportFile,
  refusedAttachmentSaid,
  reportToFile,
} from './report-file'
import * as Outbox from '../../core/outbox/outbox'
import * as Drafts from '../../core/drafts/drafts'
import * as Banks from '../../core/banks/banks'
import { accountBankWarnings } from '../../shared/bank-fit-words'

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

/**
 * A line on stderr for each account at a bank its number's check digit does not fit (as the
 * editor warns): queued all the same, and --json on stdout stays as it was.
 */
function warnBanks(
  core: Core,
  io: CliIo,
  identifiers: readonly { label: string; value: string }[],
) {
  for (const warning of accountBankWarnings(identifiers, Banks.banks(core)))
    io.err(`Warning: ${warning}`)
}

/** casefile submit FILE.json: drafts the report, copies its attachments, queues it. */
export function submitCommand(core: Core, io: CliIo, file: string, json: boolean): void {
  const parsed = readReportFile(file)
  // Drafted, its attachments copied and queued in one transaction: refused, nothing is kept.
  const result = refusedAttachmentSaid(() => Outbox.fileReport(core, reportToFile(parsed)))
  report(io, json, result, 'Queued')
  warnBanks(core, io, parsed.draft.identifiers ?? [])
}

/**
 * Refuses an id that is neither in this folder nor one of the organization's reports on the
 * registry, before anything is queued: a mistyped id used to become a stand-in record that
 * only failed at the next sync.
 */
async function requireOwnReport(core: Core, id: string): Promise<void> {
  const check = await Outbox.checkOwnReportId(core, id)
  if (check.ok) return
  throw new CliError(
    check.reason === 'not_found'
      ? `Not queued: ${check.message} Check the id: \`casefile submissions --refresh\` lists your organization's reports.`
      : `Not queued: ${check.message} Connect and run \`casefile submissions --refresh\`, then try again.`,
  )
}

/** casefile update ID FILE.json */
export async function updateCommand(
  core: Core,
  io: CliIo,
  id: string,
  file: string,
  json: boolean,
): Promise<void> {
  const parsed = readReportFile(file)
  await requireOwnReport(core, id)
  const local = Drafts.localRecordOf(core, id)
  // What the file leaves out keeps its value from the freshest copy of the report.
  const current = await Outbox.freshestContent(core, local.localId)
  const result = refusedAttachmentSaid(() =>
    Outbox.fileUpdate(core, local.localId, reportToFile(parsed), (change) =>
      overlayReportFile(current, change),
    ),
  )
  report(io, json, result, 'Queued an update of')
  warnBanks(core, io, parsed.draft.identifiers ?? [])
}

/** casefile unlist ID */
export async function unlistCommand(
  core: Core,
  io: CliIo,
  id: string,
  json: boolean,
): Promise<void> {
  await requireOwnReport(core, id)
  report(io, json, Outbox.queueUnlist(core, id), 'Queued the unlisting of')
}

export const runSubmit: CommandRun = (context) =>
  withCore(context, (core) => {
    submitCommand(core, context.io, context.args[0] as string, context.global.json)
    return EXIT.ok
  })

export const runUpdate: CommandRun = (context) =>
  withCore(context, async (core) => {
    const [id, file] = context.args as [string, string]
    await updateCommand(core, context.io, id, file, context.global.json)
    return EXIT.ok
  })

export const runUnlist: CommandRun = (context) =>
  withCore(context, async (core) => {
    await unlistCommand(core, context.io, context.args[0] as string, context.global.json)
    return EXIT.ok
  })

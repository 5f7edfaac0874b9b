import type { SigningKey } from '../../core/signing/signing'
import { basename } from 'node:path'
import * as Cases from '../../core/cases/cases'
import type { CaseItemView, CaseView } from '../../shared/contracts/cases'
import { identifierTypeSchema, IDENTIFIER_TYPES } from '../../shared/domain/identifiers'
import { CliError } from '../cli-error'
import { printJson, printTable } from '../cli-io'
import type { CommandContext, CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import { stringOption } from '../option-values'

/* `casefile case new|add|note|list|show`, and `case export CASE`: a case as in the window. */

const day = (iso: string) => iso.replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC')

function itemLine(item: CaseItemView): string {
  const head = `${String(item.position).padStart(2)}. ${day(item.addedAt)}  `
  switch (item.kind) {
    case 'report':
      return `${head}report ${item.reportId}`
    case 'search': {
      const found = item.reportIds.length + item.publicReportIds.length
      return `${head}search ${item.identifier} ${item.value}: ${found} report${found === 1 ? '' : 's'} (answered ${day(item.answeredAt)}, ${item.clock === 'registry' ? "registry's clock" : "this computer's clock"}; SHA-256 ${item.answerSha256})`
    }
    case 'alert':
      return `${head}alert ${item.alertId}: ${item.alert.kind} on ${item.alert.type} ${item.alert.value}, report ${item.alert.reportId}`
    case 'note':
      return `${head}note: ${item.text}`
  }
}

function printCase(context: CommandContext, view: CaseView): void {
  context.io.out(`${view.id}  ${view.title}`)
  context.io.out(`Opened ${day(view.createdAt)}; ${view.items.length} items.`)
  for (const item of view.items) context.io.out(itemLine(item))
  if (view.exports.length === 0) context.io.out('Never exported.')
  for (const e of view.exports)
    context.io.out(`Exported ${day(e.at)} by ${e.by} as ${e.file}; fingerprint ${e.fingerprint}`)
}

/** casefile case new TITLE [--note TEXT]: prints the case id (alone, for a script to keep). */
export const runNew: CommandRun = (context) =>
  withCore(context, (core) => {
    const view = Cases.newCase(core, context.args[0] ?? '', stringOption(context, 'note'))
    if (context.global.json) printJson(context.io, view)
    else context.io.out(view.id)
    return EXIT.ok
  })

function addSource(context: CommandContext) {
  const report = stringOption(context, 'report')
  const search = stringOption(context, 'search')
  const alert = stringOption(context, 'alert')
  const given = [report, search, alert].filter((v) => v !== undefined).length
  if (given !== 1)
    throw new CliError(
      'Say what to add, one at a time: --report ID, --search VALUE --type T, or --alert N.',
      { code: 'usage' },
    )
  if (report !== undefined) return { kind: 'report' as const, reportId: report }
  if (alert !== undefined) {
    const n = Number(alert)
    if (!Number.isInteger(n) || n <= 0)
      throw new CliError(
        `--alert is a number, as \`casefile watch alerts\` shows it; got "${alert}".`,
      )
    return { kind: 'alert' as const, alertId: n }
  }
  const type = identifierTypeSchema.safeParse(stringOption(context, 'type'))
  if (!type.success)
    throw new CliError(`--search needs --type, one of: ${IDENTIFIER_TYPES.join(', ')}.`, {
      code: 'usage',
    })
  return { kind: 'search' as const, type: type.data, value: search ?? '' }
}

/** casefile case add CASE --report ID | --search VALUE --type T | --alert N */
export const runAdd: CommandRun = (context) => {
  const source = addSource(context)
  return withCore(context, async (core) => {
    const view = await Cases.addToCase(core, context.args[0] ?? '', source, {
      signal: context.signal,
    })
    const item = view.items.at(-1)!
    if (context.global.json) printJson(context.io, item)
    else context.io.out(`Added to ${view.id}: ${itemLine(item).trim()}`)
    return EXIT.ok
  })
}

/** casefile case note CASE TEXT */
export const runNote: CommandRun = (context) =>
  withCore(context, (core) => {
    const view = Cases.addNote(core, context.args[0] ?? '', context.args[1] ?? '')
    const item = view.items.at(-1)!
    if (context.global.json) printJson(context.io, item)
    else context.io.out(`Added to ${view.id}: note, item ${item.position}.`)
    return EXIT.ok
  })

/** casefile case list */
export const runList: CommandRun = (context) =>
  withCore(context, (core) => {
    const cases = Cases.listCases(core)
    if (context.global.json) printJson(context.io, cases)
    else if (cases.length === 0)
      context.io.out('No case yet: `casefile case new "TITLE"` opens one.')
    else
      printTable(
        context.io,
        ['CASE', 'OPENED', 'ITEMS', 'LAST EXPORT', 'TITLE'],
        cases.map((c) => [
          c.id,
          day(c.createdAt),
          String(c.items),
          c.lastExportAt ? day(c.lastExportAt) : '\u2014',
          c.title,
        ]),
      )
    return EXIT.ok
  })

/** casefile case show CASE */
export const runShow: CommandRun = (context) =>
  withCore(context, (core) => {
    const view = Cases.showCase(core, context.args[0] ?? '')
    if (context.global.json) printJson(context.io, view)
    else printCase(context, view)
    return EXIT.ok
  })

/**
 * `casefile case export CASE --out FILE.zip` (case-commands.ts sends a case id here): the
 * case's bundle written whole at target (or not at all), its export recorded under that name.
 */
export async function exportCaseTo(
  context: CommandContext,
  caseId: string,
  target: string,
  sign: SigningKey | null = null,
): Promise<number> {
  return withCore(context, async (core) => {
    // Written beside the target under a temporary name, and renamed to it only once whole.
    const bundle = await Cases.exportCase(core, caseId, {
      signal: context.signal,
      record: 'later',
      sign,
      out: target,
    })
    // Recorded once the zip is where it was asked for, under that name.
    bundle.record(basename(target))
    if (context.global.json) {
      printJson(context.io, {
        written: target,
        case: caseId,
        fingerprint: bundle.fingerprint,
        signedBy: bundle.signedBy,
        savedCopies: bundle.savedCopies,
      })
      return EXIT.ok
    }
    context.io.out(`Case ${caseId} written to ${target} (${bundle.size} bytes).`)
    for (const id of bundle.savedCopies)
      context.io.out(
        `Report ${id}: the registry did not give it now; the bundle holds the copy saved on this computer, and case.pdf says so.`,
      )
    context.io.out(
      `Its fingerprint, the SHA-256 of its SHA256SUMS, stated on the certificate: ${bundle.fingerprint}`,
    )
    context.io.out(
      bundle.signedBy
        ? `Signed: SHA256SUMS.p7s, by ${bundle.signedBy.subject} (certificate SHA-256 ${bundle.signedBy.fingerprint}).`
        : 'UNSIGNED: no SHA256SUMS.p7s (give --sign FILE.p12, or --sign kept after `casefile signing-key create`); the certificate says so.',
    )
    context.io.out(`Check it any time: casefile case verify ${target}`)
    return EXIT.ok
  })
}

import type { Core } from '../../core/open-core'
import { identifierTypeSchema, normalizeIdentifierValue } from '../../shared/domain/identifiers'
import { checkSearchValue } from '../../shared/domain/search-input'
import { reportedBy } from '../../shared/reported-by'
import {
  banksLeftOut,
  foundAtBank,
  foundHereWords,
  searchedBanksWords,
} from '../../shared/searched-banks-words'
import { matchKey } from '../../core/search/search'
import { exportSearchAnswer, exportSubmissions } from '../../core/export/export'
import { CliError } from '../cli-error'
import { printJson, printTable, type CliIo } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import { countOption, stringOption } from '../option-values'
import * as Search from '../../core/search/search'
import * as Submissions from '../../core/submissions/submissions'
import * as Banks from '../../core/banks/banks'

/** casefile search --type T VALUE [--offline] [--all-banks] [--json] */
export async function searchCommand(
  core: Core,
  io: CliIo,
  options: {
    type?: string
    value?: string
    offline: boolean
    /** An account number without its bank: asked at every bank of the list. */
    allBanks?: boolean
    json: boolean
    exportTo?: string
    signal?: AbortSignal
  },
): Promise<void> {
  const type = identifierTypeSchema.safeParse(options.type)
  if (!type.success) throw new CliError(`--type: ${type.error.issues[0]?.message ?? 'missing'}`)
  if (!options.value)
    throw new CliError(
      'Give the value to search for, e.g. casefile search --type account 0123456789_access-bank',
    )
  // Checked as the window checks it; the core searches every spelling of the value as typed.
  const problem = checkSearchValue(type.data, normalizeIdentifierValue(type.data, options.value))
  if (problem) throw new CliError(problem)
  const answer = await Search.search(
    core,
    { identifier: type.data, value: options.value.trim() },
    { offline: options.offline, allBanks: options.allBanks, signal: options.signal },
  )
  if (options.exportTo) {
    const { rows } = await exportSearchAnswer(answer, options.exportTo)
    if (!options.json) io.out(`Wrote ${rows} row(s) to ${options.exportTo}.`)
  }
  if (options.json) return printJson(io, answer)
  const freshness =
    answer.source === 'online'
      ? `online, ${answer.asOf.search}`
      : `offline, as of ${answer.asOf.search ?? answer.asOf.submissions ?? `${answer.asOf.outbox} (nothing saved from the registry yet: this computer's outbox only)`}`
  // Banks left unasked: the count is of the banks searched, never "none on file".
  const leftOut = banksLeftOut(answer)
  io.out(
    `${answer.reports.length} report(s), ${answer.publicReports.length} public report(s)${leftOut > 0 && answer.source === 'online' ? ' at the banks searched' : ''} (${freshness}).`,
  )
  const number = normalizeIdentifierValue('account', options.value)
  const banksSearched = searchedBanksWords(answer, number)
  if (banksSearched) {
    io.out(banksSearched)
    if (leftOut > 0)
      io.out(
        `To search every bank of the list: casefile search --type account ${number} --all-banks`,
      )
  } else if (answer.searched.length > 1) io.out(`Searched as ${answer.searched.join(', ')}.`)
  for (const found of answer.foundHere ?? []) {
    const slug = foundAtBank(answer.matchedAs[found.key])
    io.out(foundHereWords(found, Banks.bankName(core, slug) ?? slug, found.seenAt))
  }
  for (const refused of ('refused' in answer && answer.refused) || [])
    io.err(`The registry would not search ${refused.value}: ${refused.message}`)
  if ('offlineReason' in answer && answer.offlineReason)
    io.err(
      `The registry could not answer (${answer.offlineReason.message}); this is from the cache.`,
    )
  const foundAs = (kind: 'report' | 'public_report', id: string) =>
    (answer.matchedAs[matchKey(kind, id)] ?? []).join(' ')
  printTable(
    io,
    ['ID', 'TYPE', 'LISTING', 'REPORTED BY', 'CREATED', 'FOUND AS', 'REASON'],
    [
      ...answer.reports.map((r) => [
        r.id,
        r.fraudType ?? '',
        r.listingStatus ?? '',
        reportedBy(r) ?? '',
        r.createdAt ?? '',
        foundAs('report', r.id),
        (r.fraudReason ?? '').slice(0, 60),
      ]),
      ...answer.publicReports.map((r) => [
        r.id,
        r.fraudType ?? '',
        'public',
        reportedBy(r) ?? '',
        r.createdAt ?? '',
        foundAs('public_report', r.id),
        (r.fraudReason ?? '').slice(0, 60),
      ]),
    ],
  )
  if (answer.waiting.length > 0) {
    io.out(
      `${answer.waiting.length} report(s) waiting in this computer's outbox, not yet sent (as of ${answer.asOf.outbox}):`,
    )
    printTable(
      io,
      ['LOCAL ID', 'CHANGE', 'TYPE', 'QUEUED', 'FOUND AS', 'REASON'],
      answer.waiting.map((w) => [
        w.localId,
        w.registryId ? `update of ${w.registryId}` : 'new report',
        w.fraudType,
        w.queuedAt,
        w.matchedAs.join(' '),
        w.fraudReason.slice(0, 60),
      ]),
    )
  }
}

/** casefile submissions [--refresh] [--json] */
export async function submissionsCommand(
  core: Core,
  io: CliIo,
  options: {
    refresh: boolean
    json: boolean
    limit: number
    exportTo?: string
    signal?: AbortSignal
  },
): Promise<void> {
  const refreshed = options.refresh
    ? await Submissions.refreshSubmissions(core, { signal: options.signal })
    : null
  if (options.exportTo) {
    const { rows } = await exportSubmissions(core, options.exportTo)
    if (!options.json) io.out(`Wrote ${rows} submission(s) to ${options.exportTo}.`)
  }
  const { rows, total } = Submissions.listSubmissions(core, { offset: 0, limit: options.limit })
  if (options.json) return printJson(io, { total, refreshed, rows: rows.map((row) => row.record) })
  if (refreshed)
    io.out(
      `Refreshed (${refreshed.mode}): ${refreshed.written} new or changed, ${refreshed.total} on the registry.`,
    )
  io.out(
    `${total} submission(s) cached${total > rows.length ? `, showing the newest ${rows.length}` : ''}.`,
  )
  printTable(
    io,
    ['ID', 'TYPE', 'LISTING', 'CREATED', 'REASON'],
    rows.map(({ record: r }) => [
      r.id,
      r.fraudType ?? '',
      r.listingStatus ?? '',
      r.createdAt ?? '',
      (r.fraudReason ?? '').slice(0, 60),
    ]),
  )
}

/** casefile banks [--refresh] [--json] */
export async function banksCommand(
  core: Core,
  io: CliIo,
  options: { refresh: boolean; json: boolean; signal?: AbortSignal },
): Promise<void> {
  const refreshed = options.refresh ? await Banks.refreshBanks(core, options.signal) : null
  const banks = Banks.banks(core)
  if (options.json) return printJson(io, { refreshed, banks })
  if (banks.length === 0)
    io.err('No bank list cached yet: run `casefile banks --refresh` while online.')
  printTable(
    io,
    ['SLUG', 'CODE', 'NAME'],
    banks.map((b) => [b.slug, b.code ?? '', b.name]),
  )
}

export const runSearch: CommandRun = (context) =>
  withCore(context, async (core) => {
    await searchCommand(core, context.io, {
      type: stringOption(context, 'type'),
      value: context.args[0],
      offline: context.options['offline'] === true,
      allBanks: context.options['all-banks'] === true,
      json: context.global.json,
      exportTo: stringOption(context, 'export'),
      signal: context.signal,
    })
    return EXIT.ok
  })

export const runSubmissions: CommandRun = (context) => {
  const limit = countOption(context, 'limit', 50)
  return withCore(context, async (core) => {
    await submissionsCommand(core, context.io, {
      refresh: context.options['refresh'] === true,
      json: context.global.json,
      limit,
      exportTo: stringOption(context, 'export'),
      signal: context.signal,
    })
    return EXIT.ok
  })
}

export const runBanks: CommandRun = (context) =>
  withCore(context, async (core) => {
    await banksCommand(core, context.io, {
      refresh: context.options['refresh'] === true,
      json: context.global.json,
      signal: context.signal,
    })
    return EXIT.ok
  })

import type { CasefileCore } from '../../core/casefile-core'
import { identifierTypeSchema, normalizeIdentifierValue } from '../../shared/domain/identifiers'
import { searchInputSchema } from '../../shared/domain/search-input'
import { exportSearchAnswer, exportSubmissions } from '../../core/export/export-lists'
import { CliError } from '../cli-error'
import { printJson, printTable, type CliIo } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { withCore } from '../open-core'
import { countOption, stringOption } from '../option-values'

/** casefile search --type T VALUE [--offline] [--json] */
export async function searchCommand(
  core: CasefileCore,
  io: CliIo,
  options: {
    type?: string
    value?: string
    offline: boolean
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
  const query = searchInputSchema.safeParse({
    identifier: type.data,
    value: normalizeIdentifierValue(type.data, options.value),
  })
  if (!query.success) throw new CliError(query.error.issues.map((i) => i.message).join(' '))
  const answer = await core.search(query.data, {
    offline: options.offline,
    signal: options.signal,
  })
  if (options.exportTo) {
    const { rows } = await exportSearchAnswer(answer, options.exportTo)
    if (!options.json) io.out(`Wrote ${rows} row(s) to ${options.exportTo}.`)
  }
  if (options.json) return printJson(io, answer)
  const freshness =
    answer.source === 'online'
      ? `online, ${answer.asOf.search}`
      : `offline, as of ${answer.asOf.search ?? answer.asOf.submissions ?? 'never refreshed'}`
  io.out(
    `${answer.reports.length} report(s), ${answer.publicReports.length} public report(s) (${freshness}).`,
  )
  if ('offlineReason' in answer && answer.offlineReason)
    io.err(
      `The registry could not answer (${answer.offlineReason.message}); this is from the cache.`,
    )
  printTable(
    io,
    ['ID', 'TYPE', 'LISTING', 'REPORTED BY', 'CREATED', 'REASON'],
    [
      ...answer.reports.map((r) => [
        r.id,
        r.fraudType ?? '',
        r.listingStatus ?? '',
        r.reportingCompany?.businessName ?? '',
        r.createdAt ?? '',
        (r.fraudReason ?? '').slice(0, 60),
      ]),
      ...answer.publicReports.map((r) => [
        r.id,
        r.fraudType ?? '',
        'public',
        r.financialInstitution ?? '',
        r.createdAt ?? '',
        (r.fraudReason ?? '').slice(0, 60),
      ]),
    ],
  )
}

/** casefile submissions [--refresh] [--json] */
export async function submissionsCommand(
  core: CasefileCore,
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
    ? await core.refreshSubmissions({ signal: options.signal })
    : null
  if (options.exportTo) {
    const { rows } = await exportSubmissions(core, options.exportTo)
    if (!options.json) io.out(`Wrote ${rows} submission(s) to ${options.exportTo}.`)
  }
  const { rows, total } = core.submissions({ offset: 0, limit: options.limit })
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
  core: CasefileCore,
  io: CliIo,
  options: { refresh: boolean; json: boolean; signal?: AbortSignal },
): Promise<void> {
  const refreshed = options.refresh ? await core.refreshBanks(options.signal) : null
  const banks = core.banks()
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

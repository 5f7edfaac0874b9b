import {
  IDENTIFIER_TYPES,
  typedSpelling,
  type IdentifierType,
} from '../../shared/domain/identifiers'
import type { CoreContext } from '../core-context'
import { getCachedReport } from '../cache/cache'
import { ensureBankList } from '../banks/banks'
import * as Drafts from '../drafts/drafts'
import {
  jobAnswers,
  readScreeningTable,
  screeningInputOf,
  screeningInputOfList,
  type ScreeningProblem,
  suggestMapping,
} from '../screening/screening'
import type { TableSource } from '../spreadsheet/index'
import {
  addNormalized,
  banksOf,
  normalizeWatched,
  WatchInputError,
  type AddOptions,
  type WatchItemView,
} from './watchlist'

/*
 * Where watched identifiers come from, besides one typed by hand (watchlist.ts): a list file, a
 * report's identifiers, a screening job's hits. Each is read as the editor keeps identifiers.
 */

/** A list file: the screening template (or any sheet screening can map) or a `type,value` CSV. */
export async function importList(
  core: CoreContext,
  source: TableSource & { fileName?: string },
  options: AddOptions = {},
): Promise<{ added: WatchItemView[]; existing: WatchItemView[]; problems: ScreeningProblem[] }> {
  const table = await readScreeningTable(source)
  const header = table.header.map((h) => h.toLowerCase())
  const typeValue = header[0] === 'type' && header[1] === 'value'
  const mapping = typeValue ? [] : suggestMapping(table.header)
  // Accounts' banks are read by the bank list: a new folder fetches it first, as import does.
  const hasAccounts = typeValue
    ? table.rows.some((row) => (row.cells[0] ?? '').trim().toLowerCase() === 'account')
    : mapping.some((m) => m.type === 'account' || m.type === 'bank')
  if (hasAccounts) await ensureBankList(core)
  let values: { label: string; value: string; written?: string }[]
  let problems: ScreeningProblem[]
  if (typeValue) {
    problems = []
    values = []
    for (const row of table.rows) {
      const type = (row.cells[0] ?? '').trim().toLowerCase() as IdentifierType
      const text = `${row.cells[1] ?? ''}`
      const input = screeningInputOfList(text, type, banksOf(core))
      const problem = input.problems[0]
      if (problem) problems.push({ ...problem, row: row.rowNumber, column: 'value' })
      for (const r of input.rows) for (const v of r.values) values.push(v)
      if (!input.problems.length && !input.rows.some((r) => r.values.length))
        problems.push({ row: row.rowNumber, column: 'type', value: type, message: 'Unknown type.' })
    }
  } else {
    if (!mapping.some((m) => m.type !== 'bank' && m.type !== 'ignore'))
      throw new WatchInputError(
        'No column says which identifier it holds: use the screening template, or a CSV with the header type,value.',
      )
    const input = await screeningInputOf(table, mapping, banksOf(core))
    problems = input.problems
    values = input.rows.flatMap((r) => r.values)
  }
  const distinct = new Map(values.map((v) => [`${v.label}\u0000${v.value}`, v]))
  const list = [...distinct.values()].map((v) => ({
    type: v.label,
    value: v.value,
    written: v.written === undefined ? null : typedSpelling(v.label as IdentifierType, v.written),
  }))
  return { ...addNormalized(core, list, options), problems }
}

/**
 * A report's identifiers (by its local or registry id), as the editor keeps them: the report
 * this folder wrote or sent, else the saved copy of one a search or Submissions found; null
 * when neither is on this computer.
 */
export function reportIdentifiers(
  core: CoreContext,
  reportId: string,
): { type: string; value: string }[] | null {
  const local = Drafts.findReport(core, reportId)
  const written = (local?.draft.identifiers ?? []).map((i) => ({ type: i.label, value: i.value }))
  // A local record made only to update or unlist a report sent elsewhere may hold none.
  if (written.length > 0) return written
  const cached = getCachedReport(core.db, local?.registryId ?? reportId)
  if (!cached) return local ? [] : null
  return (cached.record.identifiers ?? []).flatMap((i) => {
    // As the registry wrote them: read as the editor would, leaving out what cannot be read
    // (a type it does not know, a value it masked with * as the plain fetch does).
    if (!(IDENTIFIER_TYPES as readonly string[]).includes(i.label ?? '')) return []
    if (i.value.includes('*')) return []
    try {
      const type = i.label as IdentifierType
      return [{ type, value: normalizeWatched(core, type, i.value) }]
    } catch {
      return []
    }
  })
}

export function addFromReport(core: CoreContext, reportId: string, options: AddOptions = {}) {
  const identifiers = reportIdentifiers(core, reportId)
  if (!identifiers)
    throw new WatchInputError(
      'That report is not saved on this computer: search for it again (or refresh Submissions), then watch its identifiers.',
    )
  return addNormalized(core, identifiers, options)
}

/**
 * The identifiers of a screening job: those that hit a report, or every one it read (`all`: a
 * list screened clean today, watched so a report filed on it later is told).
 */
export function addFromScreening(
  core: CoreContext,
  job: number,
  options: AddOptions & { all?: boolean } = {},
) {
  const answers = [...jobAnswers(core.db, job).identifiers.values()]
  if (answers.length === 0)
    throw new WatchInputError(`No screening job ${job} on this computer, or it read no identifier.`)
  const chosen = options.all
    ? answers
    : answers.filter((i) => i.reportIds.length > 0 || i.publicReportIds.length > 0)
  return addNormalized(
    core,
    chosen.map((i) => ({ type: i.label, value: i.value })),
    options,
  )
}

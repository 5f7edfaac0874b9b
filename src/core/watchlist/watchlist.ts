import { IDENTIFIER_TYPES, type IdentifierType } from '../../shared/domain/identifiers'
import type { CoreContext } from '../core-context'
import { listBanks } from '../banks/banks-cache'
import { getCachedReport } from '../cache/reports-cache'
import * as Drafts from '../drafts/drafts'
import { jobAnswers } from '../screening/screening-results'
import {
  readScreeningTable,
  screeningInputOf,
  screeningInputOfList,
  type ScreeningProblem,
} from '../screening/screening-input'
import { bankLookup, readAccount, readIdentifierCell } from '../screening/screening-normalize'
import { suggestMapping } from '../screening/screening-columns'
import type { TableSource } from '../spreadsheet/read-table'
import type { SeenReport } from './watch-compare'
import { DEFAULT_PERIOD_MS, periodOf } from './watch-check'
import * as Store from './watch-store'

/*
 * The watchlist (issue 29): identifiers searched again on a schedule, their changes raised as
 * alerts. Values are read as screening reads a list (the editor's one form), so a phone written
 * +234 803… and 0803… is one item.
 */

export class WatchInputError extends Error {
  override name = 'WatchInputError'
}

export interface WatchItemView {
  id: number
  type: string
  value: string
  note: string | null
  periodMs: number
  lastCheckedAt: string | null
  nextCheckAt: string
}

export interface WatchAlertView {
  id: number
  itemId: number
  kind: Store.AlertRow['kind']
  state: Store.AlertState
  reportId: string
  type: string
  value: string
  createdAt: string
  /** The report as the check before kept it (null for a new report) and as this one found it. */
  before: SeenReport | null
  after: SeenReport | null
  /** The reason written with the current state (a dismissal's, an escalation's). */
  stateReason: string | null
}

const iso = (ms: number) => new Date(ms).toISOString()

export function itemView(row: Store.ItemRow): WatchItemView {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    note: row.note,
    periodMs: periodOf(row),
    lastCheckedAt: row.last_checked_at === null ? null : iso(row.last_checked_at),
    nextCheckAt: iso(row.next_check_at),
  }
}

/** A report as a check saw it, read from an alert's detail; null for what does not read as one. */
function seenReport(value: unknown): SeenReport | null {
  if (!value || typeof value !== 'object') return null
  const { listed, fraudType, fraudReason } = value as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  return typeof listed === 'boolean'
    ? { listed, fraudType: text(fraudType), fraudReason: text(fraudReason) }
    : null
}

/** The alert's { before, after }: a row written by hand or by an older Casefile still shows. */
function detailOf(row: Store.AlertRow): { before: SeenReport | null; after: SeenReport | null } {
  try {
    const detail = JSON.parse(row.detail_json) as { before?: unknown; after?: unknown } | null
    return { before: seenReport(detail?.before), after: seenReport(detail?.after) }
  } catch {
    return { before: null, after: null }
  }
}

export function alertView(row: Store.AlertRow): WatchAlertView {
  return {
    id: row.id,
    itemId: row.item_id,
    kind: row.kind,
    state: row.state,
    reportId: row.report_id,
    type: row.type,
    value: row.value,
    createdAt: iso(row.created_at),
    ...detailOf(row),
    stateReason: row.state_reason ?? null,
  }
}

const banksOf = (core: CoreContext) => bankLookup(listBanks(core.db))

/** An account as written (`<number>_<bank>` or the number and the bank apart), by the saved bank list. */
function readWatchedAccount(core: CoreContext, written: string) {
  // The bank list is read only for an account: the other types need none.
  const banks = banksOf(core)
  const split = /^([\d\s-]+?)(?:_|[\s,;]+)(.+)$/.exec(written.trim())
  return readAccount(split?.[1] ?? written, split?.[2] ?? '', banks.slugOf, banks.codeOf)
}

/** One identifier as written, in the editor's form; a WatchInputError says what is wrong. */
export function normalizeWatched(core: CoreContext, type: IdentifierType, written: string): string {
  const read =
    type === 'account' ? readWatchedAccount(core, written) : readIdentifierCell(type, written)
  if (!read.ok) throw new WatchInputError(read.message)
  return read.value
}

export interface AddOptions {
  note?: string | null
  periodMs?: number | null
  random?: () => number
}

/**
 * Adds identifiers already in the editor's form. One alone is first checked now; many at once
 * are spread over the period, so a list imported at once is not searched in a burst.
 */
export function addNormalized(
  core: CoreContext,
  values: readonly { type: string; value: string }[],
  options: AddOptions = {},
): { added: WatchItemView[]; existing: WatchItemView[] } {
  const now = core.clock.now()
  const random = options.random ?? Math.random
  const period = options.periodMs ?? DEFAULT_PERIOD_MS
  const added: WatchItemView[] = []
  const existing: WatchItemView[] = []
  core.db.transaction(() => {
    for (const { type, value } of values) {
      const nextCheckAt = values.length === 1 ? now : now + Math.floor(random() * period)
      const { row, added: isNew } = Store.insertItem(core.db, {
        type,
        value,
        note: options.note ?? null,
        nextCheckAt,
        now,
      })
      if (isNew && options.periodMs)
        core.db
          .prepare('UPDATE watch_items SET period_ms = ? WHERE id = ?')
          .run(options.periodMs, row.id)
      ;(isNew ? added : existing).push(itemView(Store.itemRow(core.db, row.id) ?? row))
    }
  })()
  return { added, existing }
}

export function addIdentifier(
  core: CoreContext,
  type: IdentifierType,
  written: string,
  options: AddOptions = {},
) {
  return addNormalized(core, [{ type, value: normalizeWatched(core, type, written) }], options)
}

/** A list file: the screening template (or any sheet screening can map) or a `type,value` CSV. */
export async function importList(
  core: CoreContext,
  source: TableSource & { fileName?: string },
  options: AddOptions = {},
): Promise<{ added: WatchItemView[]; existing: WatchItemView[]; problems: ScreeningProblem[] }> {
  const table = await readScreeningTable(source)
  const header = table.header.map((h) => h.toLowerCase())
  let values: { label: string; value: string }[]
  let problems: ScreeningProblem[]
  if (header[0] === 'type' && header[1] === 'value') {
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
    const mapping = suggestMapping(table.header)
    if (!mapping.some((m) => m.type !== 'bank' && m.type !== 'ignore'))
      throw new WatchInputError(
        'No column says which identifier it holds: use the screening template, or a CSV with the header type,value.',
      )
    const input = screeningInputOf(table, mapping, banksOf(core))
    problems = input.problems
    values = input.rows.flatMap((r) => r.values)
  }
  const distinct = new Map(values.map((v) => [`${v.label}\u0000${v.value}`, v]))
  const list = [...distinct.values()].map((v) => ({ type: v.label, value: v.value }))
  return { ...addNormalized(core, list, options), problems }
}

/** A report's identifiers (by its local or registry id), as the editor keeps them. */
export function addFromReport(core: CoreContext, reportId: string, options: AddOptions = {}) {
  // A report this folder wrote or sent, else the saved copy of one a search or Submissions found.
  const local = Drafts.findReport(core, reportId)
  const identifiers = local
    ? local.draft.identifiers.map((i) => ({ type: i.label, value: i.value }))
    : getCachedReport(core.db, reportId)?.record.identifiers?.flatMap((i) => {
        // As the registry wrote them: read as the editor would, leaving out what cannot be read
        // (a type it does not know, a value it masked).
        if (!(IDENTIFIER_TYPES as readonly string[]).includes(i.label ?? '')) return []
        try {
          const type = i.label as IdentifierType
          return [{ type, value: normalizeWatched(core, type, i.value) }]
        } catch {
          return []
        }
      })
  if (!identifiers)
    throw new WatchInputError(
      'That report is not saved on this computer: search for it again (or refresh Submissions), then watch its identifiers.',
    )
  return addNormalized(core, identifiers, options)
}

/** The identifiers of a screening job that hit a report. */
export function addFromScreening(core: CoreContext, job: number, options: AddOptions = {}) {
  const hits = [...jobAnswers(core.db, job).identifiers.values()].filter(
    (i) => i.reportIds.length > 0 || i.publicReportIds.length > 0,
  )
  return addNormalized(
    core,
    hits.map((i) => ({ type: i.label, value: i.value })),
    options,
  )
}

export function listItems(core: CoreContext): WatchItemView[] {
  return Store.allItems(core.db).map(itemView)
}

export function removeItem(core: CoreContext, id: number): { removed: boolean } {
  return { removed: Store.deleteItem(core.db, id) }
}

/** The alerts to look at (new and seen), or every one. */
export function listAlerts(core: CoreContext, options: { all?: boolean } = {}): WatchAlertView[] {
  const states: Store.AlertState[] = options.all
    ? ['new', 'seen', 'dismissed', 'escalated']
    : ['new', 'seen']
  return Store.listAlerts(core.db, states).map(alertView)
}

const NEXT: Record<Store.AlertState, readonly Store.AlertState[]> = {
  new: ['seen', 'dismissed', 'escalated'],
  seen: ['dismissed', 'escalated'],
  dismissed: [],
  escalated: [],
}

/** new → seen → dismissed (with a reason) or escalated; each change appended to the alert's log. */
export function setAlertState(
  core: CoreContext,
  alertId: number,
  state: Store.AlertState,
  reason?: string | null,
): WatchAlertView {
  const row = Store.alertRow(core.db, alertId)
  if (!row) throw new WatchInputError(`No alert ${alertId}: \`casefile watch alerts\` lists them.`)
  if (row.state === state) return alertView(row)
  if (!NEXT[row.state].includes(state))
    throw new WatchInputError(`Alert ${alertId} is ${row.state}: it cannot become ${state}.`)
  if (state === 'dismissed' && !reason?.trim())
    throw new WatchInputError('A dismissal says why: give a reason.')
  Store.setAlertState(core.db, alertId, state, reason?.trim() || null, core.clock.now())
  return alertView(Store.alertRow(core.db, alertId) as Store.AlertRow)
}

export function alertLog(core: CoreContext, alertId: number) {
  return Store.alertEvents(core.db, alertId).map((e) => ({ ...e, at: iso(e.at) }))
}

import { BANK_SLUG, typedSpelling, type IdentifierType } from '../../shared/domain/identifiers'
import type { CoreContext } from '../core-context'
import { listBanks, ensureBankList } from '../banks/banks'
import {
  bankLookup,
  readAccount,
  readIdentifierCell,
  SPREADSHEET_TEXT_HINT,
} from '../screening/screening'
import { DEFAULT_WATCH_PERIOD_MS, isWatchPeriod } from '../../shared/domain/watch-period'
import * as Store from './watch-store'
import { InputError, notFound, type InputProblem } from '../input-error'
import { writeTransaction } from '../store/store'

/*
 * The watchlist (issue 29): identifiers searched again on a schedule, their changes raised as
 * alerts. Values are read as screening reads a list (the editor's one form), so a phone written
 * +234 803… and 0803… is one item.
 */

export class WatchInputError extends InputError {
  override name = 'WatchInputError'
  /** An account typed without its bank: the CLI adds where the banks are listed. */
  noBank?: true
}

export { alertView, itemView, type WatchAlertView, type WatchItemView } from './watch-views'
import { alertView, iso, itemView, type WatchAlertView, type WatchItemView } from './watch-views'

export const banksOf = (core: CoreContext) => bankLookup(listBanks(core.db))

/** An account as written (`<number>_<bank>` or the number and the bank apart), by the saved bank list. */
function readWatchedAccount(core: CoreContext, written: string) {
  // The bank list is read only for an account: the other types need none.
  const list = listBanks(core.db)
  const banks = bankLookup(list)
  // No list at all (a new folder, never online): a bank written as a slug is taken as written,
  // as the editor takes it; any other name cannot be told, and the words say why.
  const slugOf =
    list.length > 0
      ? banks.slugOf
      : (text: string) => (BANK_SLUG.test(text.trim()) ? text.trim() : null)
  const split = /^([\d\s-]+?)(?:_|[\s,;]+)(.+)$/.exec(written.trim())
  const read = readAccount(split?.[1] ?? written, split?.[2] ?? '', slugOf, banks.codeOf)
  if (!read.ok && read.onBank && list.length === 0)
    return {
      ok: false as const,
      message:
        'No bank list is saved on this computer yet, so the bank’s name cannot be read: refresh the bank list (or connect once), or write the bank as its slug, as in 0123456789_zenith-bank.',
      problem: { code: 'bank_name_without_list' } satisfies InputProblem,
    }
  return read
}

/** One identifier as written, in the editor's form; a WatchInputError says what is wrong. */
export function normalizeWatched(core: CoreContext, type: IdentifierType, written: string): string {
  const read =
    type === 'account' ? readWatchedAccount(core, written) : readIdentifierCell(type, written)
  if (read.ok) return read.value
  // Typed, not read from a spreadsheet: its advice on a spreadsheet's columns does not apply.
  if (!('noBank' in read && read.noBank))
    throw new WatchInputError(
      read.message.replace(SPREADSHEET_TEXT_HINT, ''),
      'problem' in read ? read.problem : undefined,
    )
  const number = written.trim().replace(/[\s-]/g, '')
  const error = new WatchInputError(
    `An account is written NUMBER_BANK, e.g. ${number}_access-bank (the bank by its slug, name or CBN code).`,
  )
  error.noBank = true
  throw error
}

export interface AddOptions {
  note?: string | null
  /** Who looks after the items (a person's name). */
  owner?: string | null
  /** How often they are checked; null: the default (daily). */
  periodMs?: number | null
  random?: () => number
}

/** A note or owner as kept: trimmed, and nothing for an empty one. */
const textOf = (text: string | null | undefined) => text?.trim() || null

function checkPeriod(periodMs: number | null | undefined): void {
  if (periodMs != null && !isWatchPeriod(periodMs))
    throw new WatchInputError('An item is checked at most every hour and at least once a year.')
}

/**
 * Adds identifiers already in the editor's form. One alone is first checked now; many at once
 * are spread over the period, so a list imported at once is not searched in a burst.
 */
export function addNormalized(
  core: CoreContext,
  values: readonly { type: string; value: string; written?: string | null; note?: string | null }[],
  options: AddOptions = {},
): { added: WatchItemView[]; existing: WatchItemView[] } {
  checkPeriod(options.periodMs)
  const now = core.clock.now()
  const random = options.random ?? Math.random
  const period = options.periodMs ?? DEFAULT_WATCH_PERIOD_MS
  const added: WatchItemView[] = []
  const existing: WatchItemView[] = []
  writeTransaction(core.db, () => {
    for (const { type, value, written, note } of values) {
      const nextCheckAt = values.length === 1 ? now : now + Math.floor(random() * period)
      const { row, added: isNew } = Store.insertItem(core.db, {
        type,
        value,
        written: written ?? null,
        note: textOf(note ?? options.note),
        owner: textOf(options.owner),
        periodMs: options.periodMs ?? null,
        nextCheckAt,
        now,
      })
      ;(isNew ? added : existing).push(itemView(row))
    }
  })
  return { added, existing }
}

export function addIdentifier(
  core: CoreContext,
  type: IdentifierType,
  written: string,
  options: AddOptions = {},
) {
  const value = normalizeWatched(core, type, written)
  return addNormalized(core, [{ type, value, written: typedSpelling(type, written) }], options)
}

/** addIdentifier, an account's bank read by the bank list: a new folder fetches it first. */
export async function addTyped(
  core: CoreContext,
  type: IdentifierType,
  written: string,
  options: AddOptions = {},
) {
  if (type === 'account') await ensureBankList(core)
  return addIdentifier(core, type, written, options)
}

export function listItems(core: CoreContext): WatchItemView[] {
  return Store.allItems(core.db).map(itemView)
}

/**
 * Changes an item's note, owner or period (what is not given stays; '' clears a note or an
 * owner). A new period moves the next check to one new period after the last one (due now if
 * that is past); an item never checked keeps its first check.
 */
export function editItem(
  core: CoreContext,
  id: number,
  change: { note?: string | null; owner?: string | null; periodMs?: number | null },
): WatchItemView {
  checkPeriod(change.periodMs)
  const row = Store.itemRow(core.db, id)
  if (!row) throw new WatchInputError(...notFound('watched_item', id))
  const periodMs = change.periodMs === undefined ? row.period_ms : change.periodMs
  const nextCheckAt =
    periodMs === row.period_ms || row.last_checked_at === null
      ? row.next_check_at
      : row.last_checked_at + (periodMs ?? DEFAULT_WATCH_PERIOD_MS)
  Store.updateItem(core.db, id, {
    note: change.note === undefined ? row.note : textOf(change.note),
    owner: change.owner === undefined ? row.owner : textOf(change.owner),
    periodMs,
    nextCheckAt,
  })
  return itemView(Store.itemRow(core.db, id) as Store.ItemRow)
}

export function removeItem(core: CoreContext, id: number): { removed: boolean } {
  return { removed: Store.deleteItem(core.db, id) }
}

/** The alerts to look at (new and seen), or every one. */
export function listAlerts(core: CoreContext, options: { all?: boolean } = {}): WatchAlertView[] {
  const states: Store.AlertState[] = options.all
    ? ['new', 'seen', 'dismissed', 'escalated']
    : ['new', 'seen']
  return Store.selectAlerts(core.db, states).map(alertView)
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
  if (!row) throw new WatchInputError(...notFound('alert', alertId))
  if (row.state === state) return alertView(row)
  if (!NEXT[row.state].includes(state))
    throw new WatchInputError(`Alert ${alertId} is ${row.state}: it cannot become ${state}.`)
  if (state === 'dismissed' && !reason?.trim())
    throw new WatchInputError('A dismissal says why: give a reason.')
  Store.writeAlertState(core.db, alertId, state, reason?.trim() || null, core.clock.now())
  return alertView(Store.alertRow(core.db, alertId) as Store.AlertRow)
}

export function alertLog(core: CoreContext, alertId: number) {
  return Store.alertEvents(core.db, alertId).map((e) => ({ ...e, at: iso(e.at) }))
}

// What the rest of the app uses of this folder's other files.
export { alertRow } from './watch-store'
export { watchlistHandlers } from './watchlist-handlers'
export { importList } from './watch-sources'
export { HOUR_MS, checkDue, hourlyBudget } from './watch-check'
export type { CheckRun, Wait } from './watch-check'
export { pickUpOwnReports } from './watch-own-reports'
export { changeWatchSettings } from './watch-settings'
export type { WatchSettings } from './watch-settings'
export { runWatchlist } from './watch-runs'

import { create } from 'zustand'
import type { z } from 'zod'
import type {
  watchAlertSchema,
  watchItemSchema,
  watchSettingsSchema,
} from '../../../../shared/contracts/watchlist'
import type { IdentifierType } from '../../../../shared/domain/identifiers'
import { describeWatchPeriod } from '../../../../shared/domain/watch-period'
import type { ContractOutput } from '../../../../shared/contracts'
import { api } from '../../api'
import { formatTime } from '../../format'

export type WatchItem = z.infer<typeof watchItemSchema>
export type WatchAlert = z.infer<typeof watchAlertSchema>
export type WatchSettings = z.infer<typeof watchSettingsSchema>

/** What is said of an item besides its identifier ('' for no note, no owner). */
export interface WatchItemAbout {
  note: string
  owner: string
  periodMs: number
}

/** How often the alerts are asked for while the app is open (the core pushes nothing). */
export const ALERTS_POLL_MS = 30_000

interface WatchlistState {
  items: WatchItem[]
  /** Every alert, dismissed and escalated ones too (the screen filters). */
  alerts: WatchAlert[]
  /** How many alerts are new: the nav button's badge. */
  newCount: number
  error: string | null
  /** The checks an hour and own reports, as the core keeps them (null until asked). */
  settings: WatchSettings | null
  loadItems: () => Promise<void>
  loadSettings: () => Promise<void>
  /** Saves the settings; resolves what happened in words (the core's refusal when not ok). */
  saveSettings: (settings: WatchSettings) => Promise<{ ok: boolean; text: string }>
  loadAlerts: () => Promise<void>
  /** Adds one identifier; resolves what happened in words (the core's refusal when not ok). */
  add: (
    type: IdentifierType,
    value: string,
    about: WatchItemAbout,
  ) => Promise<{ ok: boolean; text: string }>
  /** Changes an item's note, owner or period; resolves the core's refusal, or null. */
  edit: (id: number, about: WatchItemAbout) => Promise<string | null>
  remove: (id: number) => Promise<void>
  /** What the last Check now found, in words (null before any). */
  checkNote: string | null
  /** Check now: one item (`what` names it), or every item when `id` is null. */
  checkNow: (id: number | null, what: string) => Promise<void>
  setAlertState: (
    alert: number,
    state: 'seen' | 'dismissed' | 'escalated',
    reason?: string,
  ) => Promise<string | null>
}

export type CheckNowResult = ContractOutput<'watchCheckNow'>

/** What a Check now found, in words: `what` is the item ("Phone 0803 111 0001") or all of them. */
export function checkNowWords(result: CheckNowResult, what: string): string {
  const pause = result.quietUntil
    ? `the registry asked for a pause until ${formatTime(result.quietUntil)}`
    : null
  if (result.checked > 0)
    return result.alerts === 0
      ? `Checked ${what} just now: nothing new since its last check.`
      : `Checked ${what} just now: ${result.alerts} new alert${result.alerts === 1 ? '' : 's'}, listed under Alerts.`
  if (result.problem)
    return `${what} could not be checked: ${result.problem}${pause ? ` (${pause}.)` : ''}`
  if (result.due === 1 && pause)
    return `Not checked yet: ${pause}, so ${what} is checked as soon as it ends.`
  const minutes = Math.max(1, Math.ceil((result.due * result.paceSeconds) / 60))
  return (
    `All ${result.due} item${result.due === 1 ? ' is' : 's are'} due now and checked one every ${result.paceSeconds} s, ` +
    `the pace your settings keep for the shared registry (about ${minutes} minute${minutes === 1 ? '' : 's'}` +
    `${pause ? `, after ${pause}` : ''}). New alerts appear under Alerts as they are found.`
  )
}

/** New alerts first, then the newest first. */
export function sortAlerts(alerts: readonly WatchAlert[]): WatchAlert[] {
  return [...alerts].sort(
    (a, b) =>
      Number(b.state === 'new') - Number(a.state === 'new') ||
      b.createdAt.localeCompare(a.createdAt) ||
      b.id - a.id,
  )
}

/** The Watchlist screen's state and the nav's count of new alerts, asked of the core. */
export const useWatchlistStore = create<WatchlistState>((set, get) => ({
  items: [],
  alerts: [],
  newCount: 0,
  error: null,
  settings: null,
  loadItems: async () => {
    const answer = await api().watchList()
    if (answer.ok) set({ items: answer.value })
    else set({ error: answer.error.message })
  },
  loadAlerts: async () => {
    const answer = await api().watchAlerts({ all: true })
    if (answer.ok)
      set({
        alerts: sortAlerts(answer.value),
        newCount: answer.value.filter((a) => a.state === 'new').length,
      })
  },
  add: async (type, value, about) => {
    const answer = await api().watchAdd({
      source: { kind: 'identifier', type, value },
      ...(about.note.trim() ? { note: about.note.trim() } : {}),
      ...(about.owner.trim() ? { owner: about.owner.trim() } : {}),
      periodMs: about.periodMs,
    })
    if (!answer.ok) return { ok: false, text: answer.error.message }
    await get().loadItems()
    const [added] = answer.value.added
    return added
      ? {
          ok: true,
          text: `Now watching ${added.value}: it is checked shortly, then ${describeWatchPeriod(added.periodMs)}.`,
        }
      : { ok: true, text: 'This identifier was already watched: Edit changes its note or period.' }
  },
  edit: async (id, about) => {
    const answer = await api().watchEdit({
      id,
      note: about.note.trim(),
      owner: about.owner.trim(),
      periodMs: about.periodMs,
    })
    await get().loadItems()
    return answer.ok ? null : answer.error.message
  },
  loadSettings: async () => {
    const answer = await api().watchSettings()
    if (answer.ok) set({ settings: answer.value })
    else set({ error: answer.error.message })
  },
  saveSettings: async (settings) => {
    const answer = await api().watchSetSettings(settings)
    if (!answer.ok) return { ok: false, text: answer.error.message }
    set({ settings: answer.value.settings })
    const { hourlyBudget, ownReports } = answer.value.settings
    const { added } = answer.value
    if (added > 0) await get().loadItems()
    const addedWords =
      added > 0
        ? ` ${added} identifier${added === 1 ? '' : 's'} of your organization’s reports ${added === 1 ? 'was' : 'were'} added to the list.`
        : ''
    return {
      ok: true,
      text: `Saved: up to ${hourlyBudget.toLocaleString('en')} checks an hour; your organization’s reports ${ownReports ? 'are' : 'are not'} watched.${addedWords}`,
    }
  },
  checkNote: null,
  checkNow: async (id, what) => {
    set({ checkNote: id === null ? 'Making every item due now…' : `Checking ${what}…` })
    const answer = await api().watchCheckNow(id === null ? {} : { id })
    set({ checkNote: answer.ok ? checkNowWords(answer.value, what) : answer.error.message })
    await Promise.all([get().loadItems(), get().loadAlerts()])
  },
  remove: async (id) => {
    const answer = await api().watchRemove({ id })
    if (!answer.ok) set({ error: answer.error.message })
    await get().loadItems()
  },
  setAlertState: async (alert, state, reason) => {
    const answer = await api().watchSetAlertState({
      alert,
      state,
      ...(reason ? { reason } : {}),
    })
    await get().loadAlerts()
    return answer.ok ? null : answer.error.message
  },
}))

import { create } from 'zustand'
import type { OperationView, OutboxView } from '../../../shared/contract-work'
import { api } from '../api'
import { selectConnection, useStatusStore } from './status-store'

interface Progress {
  loaded: number
  total?: number
}

export interface HistoryFilter {
  state: '' | 'done' | 'cancelled'
  /** yyyy-mm-dd, as the date inputs give it; '' for no bound. */
  from: string
  to: string
}

interface OutboxState {
  operations: OperationView[]
  /** Items that finished (sent or discarded), from the database: they outlive the window. */
  finished: OperationView[]
  historyFilter: HistoryFilter
  setHistoryFilter: (patch: Partial<HistoryFilter>) => void
  loadHistory: () => Promise<void>
  paused: OutboxView['paused']
  lastSyncAt: number | null
  progress: Record<number, Progress>
  syncing: boolean
  /** The last thing that happened, said in words (sync summary, a failed action). */
  message: string | null
  load: () => Promise<void>
  listen: () => () => void
  syncNow: () => Promise<void>
  retry: (operationId: number) => Promise<void>
  discard: (operationId: number) => Promise<void>
}

const HISTORY_LIMIT = 200
let historyTimer: ReturnType<typeof setTimeout> | null = null
/** The end of a "Sync now" is said by its own answer; the same run's pushed event may come after it. */
/** "1 report sent", "120 reports sent": reports, not the uploads and bulk files that carried them. */
const reportsSent = (n: number) => `${n} report${n === 1 ? '' : 's'} sent`

let manualSyncSaidUntil = 0
const NOT_SENT = 'Not everything was sent:'
const STAYS_QUEUED = 'the items stay queued and are sent when it answers.'
/** The line says items wait (a failed row, a sync that could not reach the registry). */
const saysSomethingWaits = (message: string | null) =>
  !!message && (message.startsWith(NOT_SENT) || message.endsWith(STAYS_QUEUED))

/**
 * What the outbox is left with after an item failed: a summary that said "sent" is no longer
 * the latest news once a row waits to retry or needs a person.
 */
export function notSentWords(operations: OperationView[]): string {
  const waiting = operations.filter((op) => op.state === 'waiting_retry')
  const attention = operations.filter((op) => op.state === 'needs_attention').length
  const parts = [
    waiting.length
      ? `${waiting.length} item${waiting.length === 1 ? ' waits' : 's wait'} to retry`
      : '',
    attention ? `${attention} item${attention === 1 ? ' needs' : 's need'} attention` : '',
  ].filter(Boolean)
  const why = waiting.find((op) => op.lastError)?.lastError?.message
  return `${NOT_SENT} ${parts.join(', ')}.${why ? ` The last try: ${why}` : ''}`
}
/** Loads asked for, and the newest whose answer is shown. */
let loadsAsked = 0
let loadsShown = 0

export const useOutboxStore = create<OutboxState>((set, get) => ({
  operations: [],
  finished: [],
  historyFilter: { state: '', from: '', to: '' },
  setHistoryFilter: (patch) => {
    set({ historyFilter: { ...get().historyFilter, ...patch } })
    void get().loadHistory()
  },
  loadHistory: async () => {
    const { state, from, to } = get().historyFilter
    const result = await api().outboxHistory({
      ...(state ? { state } : {}),
      ...(from ? { from: new Date(`${from}T00:00:00`).getTime() } : {}),
      ...(to ? { to: new Date(`${to}T23:59:59.999`).getTime() + 1 } : {}),
      limit: HISTORY_LIMIT,
    })
    if (result.ok) set({ finished: result.value })
  },
  paused: null,
  lastSyncAt: null,
  progress: {},
  syncing: false,
  message: null,
  load: async () => {
    const asked = ++loadsAsked
    const outbox = await api().outboxList()
    // An older answer that arrives after a newer one says nothing new.
    if (asked < loadsShown) return
    loadsShown = asked
    // The status bar's counts come from the same answer, so an action here updates both at once.
    if (outbox.ok)
      useStatusStore.setState({
        pending: outbox.value.pendingReports,
        needsAttention: outbox.value.counts.needs_attention ?? 0,
        lastSyncAt: outbox.value.lastSyncAt,
        paused: outbox.value.paused,
      })
    if (outbox.ok)
      set({
        operations: outbox.value.operations,
        paused: outbox.value.paused,
        lastSyncAt: outbox.value.lastSyncAt,
      })
    else set({ message: outbox.error.message })
  },
  listen: () => {
    const offs = [
      api().onOperationChanged((operation) => {
        const known = get().operations.some((op) => op.id === operation.id)
        set({
          operations: known
            ? get().operations.map((op) => (op.id === operation.id ? operation : op))
            : [operation, ...get().operations],
        })
        // A burst of finished items (a drained queue) reloads the history once.
        if (operation.state === 'done' || operation.state === 'cancelled') {
          if (historyTimer) clearTimeout(historyTimer)
          historyTimer = setTimeout(() => void get().loadHistory(), 150)
        }
        if (operation.state !== 'sending') {
          const { [operation.id]: _done, ...rest } = get().progress
          set({ progress: rest })
        }
        // A row that failed after the last summary makes that summary stale: say the failure.
        if (
          (operation.state === 'waiting_retry' || operation.state === 'needs_attention') &&
          !get().syncing
        )
          set({ message: notSentWords(get().operations) })
        // And the failure said stops being true once nothing waits or needs a person (the core
        // sent it by itself when the registry came back): the line no longer says it.
        else if (
          operation.state === 'done' &&
          saysSomethingWaits(get().message) &&
          !get().operations.some(
            (op) => op.state === 'waiting_retry' || op.state === 'needs_attention',
          )
        )
          set({ message: null })
      }),
      api().onUploadProgress(({ operationId, loaded, total }) =>
        set({ progress: { ...get().progress, [operationId]: { loaded, total } } }),
      ),
      // The counts pushed are not taken as they come: the list and the counts are read again
      // together, so the status bar and the Outbox always say the same.
      api().onOutboxChanged(() => void get().load()),
      // Another profile's outbox, or the core back after a restart.
      api().onProfileChanged(() => void get().load()),
      api().onCoreStatus((status) => {
        if (status.state === 'running') void get().load()
      }),
      api().onSyncFinished(({ sent, needsAttention }) => {
        // A run of its own that changed something is news; "Sync now" says its own outcome.
        if (!get().syncing && Date.now() > manualSyncSaidUntil && (sent > 0 || needsAttention > 0))
          set({
            message:
              `Sync finished: ${reportsSent(sent)}` +
              (needsAttention
                ? `, ${needsAttention} need${needsAttention === 1 ? 's' : ''} attention.`
                : '.'),
          })
        void get().load()
      }),
    ]
    return () => offs.forEach((off) => off())
  },
  syncNow: async () => {
    set({ syncing: true, message: 'Syncing…' })
    const run = await api().syncNow()
    manualSyncSaidUntil = Date.now() + 2000
    set({ syncing: false })
    await Promise.all([get().load(), get().loadHistory()])
    const connection = selectConnection(useStatusStore.getState())
    if (!run.ok) set({ message: `Sync failed: ${run.error.message}` })
    else if (run.value.offline || connection.kind === 'offline')
      set({
        message: `${
          connection.kind === 'offline'
            ? 'This computer is offline, so the registry cannot be reached'
            : 'The registry cannot be reached'
        }: ${STAYS_QUEUED}`,
      })
    else if (run.value.paused) set({ message: run.value.paused.message })
    else if (!run.value.leaseHeld)
      set({ message: 'Another Casefile window or the CLI is syncing this outbox right now.' })
    // Still pending as the status bar counts it (reports), from the answer the list just read.
    else
      set({
        message: `Sync finished: ${reportsSent(run.value.reports + run.value.adopted)}; ${useStatusStore.getState().pending} still pending.`,
      })
  },
  retry: async (operationId) => {
    const result = await api().outboxRetry({ operationId })
    if (!result.ok) set({ message: result.error.message })
    await get().load()
  },
  discard: async (operationId) => {
    const result = await api().outboxDiscard({ operationId })
    if (!result.ok) set({ message: result.error.message })
    else {
      // Named as the list names it: one report (its upload and create are one thing to a person).
      const target = result.value.find((op) => op.id === operationId) ?? result.value[0]
      set({ message: target ? `Discarded: ${target.reportTitle}.` : 'Nothing was discarded.' })
    }
    // The history lists what was discarded at once, not after a reload.
    await Promise.all([get().load(), get().loadHistory()])
  },
}))

import { create } from 'zustand'
import { refusedSaid } from '../../components/network-refusal-words'
import type { OperationView, OutboxView } from '../../../../shared/contracts/outbox'
import { api } from '../../api'
import { frameBatch, type FrameBatch } from './frame-batch'
import { selectConnection, useStatusStore } from '../../stores/status-store'

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
  /**
   * A view that shows the items (the Outbox, a report's details) says so while it is drawn;
   * returns its end. While none does, pushed counts read only the counts, not every item.
   */
  show: () => () => void
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
  const last = waiting.find((op) => op.lastError)?.lastError
  const why =
    last && refusedSaid({ message: last.message, refusal: last.networkRefusal, kind: last.kind })
  return `${NOT_SENT} ${parts.join(', ')}.${why ? ` The last try: ${why}` : ''}`
}
/** The list read now, and the one read after it for those who asked meanwhile. */
let loadRunning: Promise<void> | null = null
let loadNext: Promise<void> | null = null
/** Reads that pushed counts ask for: at most one every EVENT_LOAD_EVERY_MS. */
const EVENT_LOAD_EVERY_MS = 1000
let eventLoadTimer: ReturnType<typeof setTimeout> | null = null
let lastEventLoadAt = 0
/** How many views show the items now (show()). */
let shownBy = 0
/** Operation events gathered for the next frame (while the window listens). */
let operationEvents: FrameBatch<number, OperationView> | null = null

/**
 * The list with these operations in it: each known one replaced where it stands (the others
 * keep their identity, so their rows are not drawn again), new ones first, newest on top.
 */
export function withChanges(
  operations: readonly OperationView[],
  changed: readonly OperationView[],
): OperationView[] {
  const at = new Map(operations.map((op, index) => [op.id, index]))
  const next = operations.slice()
  const added: OperationView[] = []
  for (const op of changed) {
    const index = at.get(op.id)
    if (index === undefined) added.push(op)
    else next[index] = op
  }
  return added.length === 0 ? next : [...added.reverse(), ...next]
}

export const useOutboxStore = create<OutboxState>((set, get) => {
  /**
   * The outbox read again: with its items, or (items: false, when no view shows them) only the
   * counts, the pause and the last sync, which the status bar shows. A drain of 22,000 queued
   * made each read with items 50-150 ms of the core's thread, once a second.
   */
  const readOutbox = async (items = true) => {
    const outbox = await api().outboxList(items ? undefined : { operations: false })
    // The status bar's counts come from the same answer, so an action here updates both at once.
    if (outbox.ok)
      useStatusStore.setState({
        pending: outbox.value.pendingReports,
        needsAttention: outbox.value.counts.needs_attention ?? 0,
        lastSyncAt: outbox.value.lastSyncAt,
        paused: outbox.value.paused,
      })
    // Events are pushed on the same ordered channel as this answer: those gathered before it
    // arrived are older than the list it carries, and would put back rows it no longer has.
    if (outbox.ok && items) operationEvents?.cancel()
    if (outbox.ok)
      set({
        ...(items ? { operations: outbox.value.operations } : {}),
        paused: outbox.value.paused,
        lastSyncAt: outbox.value.lastSyncAt,
      })
    else set({ message: outbox.error.message })
  }
  /** The counts alone, one read at a time (callers meanwhile share it). */
  let countsRunning: Promise<void> | null = null
  /** What a pushed change asks for: the items where a view shows them, else the counts. */
  const follow = () =>
    shownBy > 0
      ? get().load()
      : (countsRunning ??= readOutbox(false).finally(() => {
          countsRunning = null
        }))
  return {
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
    show: () => {
      shownBy++
      let shown = true
      return () => {
        if (shown) shownBy--
        shown = false
      }
    },
    load: () => {
      // One read at a time, and at most one more after it: a caller that changed something gets a
      // read that began after its change, and a burst of callers shares it.
      if (!loadRunning) {
        loadRunning = readOutbox(true).finally(() => {
          loadRunning = null
        })
        return loadRunning
      }
      loadNext ??= loadRunning.then(() => {
        loadNext = null
        return get().load()
      })
      return loadNext
    },
    listen: () => {
      // Operation events and upload progress are applied once per frame, as changes to the list
      // (frame-batch.ts): a drain pushes hundreds a second, and each redrew the whole Outbox.
      const batch = frameBatch<number, OperationView>((changes) => applyOperations(changes))
      operationEvents = batch
      const progressEvents = frameBatch<number, Progress>((latest) =>
        set({ progress: { ...get().progress, ...Object.fromEntries(latest) } }),
      )
      const applyOperations = (changes: Map<number, OperationView>) => {
        const changed = [...changes.values()]
        set({ operations: withChanges(get().operations, changed) })
        // A burst of finished items (a drained queue) reloads the history once.
        if (changed.some((op) => op.state === 'done' || op.state === 'cancelled')) {
          if (historyTimer) clearTimeout(historyTimer)
          historyTimer = setTimeout(() => {
            historyTimer = null
            void get().loadHistory()
          }, 150)
        }
        const settled = changed.filter((op) => op.state !== 'sending' && op.id in get().progress)
        if (settled.length > 0) {
          const progress = { ...get().progress }
          for (const op of settled) delete progress[op.id]
          set({ progress })
        }
        const latest = changed[changed.length - 1] as OperationView
        const waits = (op: OperationView) =>
          op.state === 'waiting_retry' || op.state === 'needs_attention'
        // A row that failed after the last summary makes that summary stale: say the failure.
        if (changed.some(waits) && !get().syncing) set({ message: notSentWords(get().operations) })
        // And the failure said stops being true once nothing waits or needs a person (the core
        // sent it by itself when the registry came back): the line no longer says it.
        else if (
          latest.state === 'done' &&
          saysSomethingWaits(get().message) &&
          !get().operations.some(waits)
        )
          set({ message: null })
      }
      const offs = [
        api().onOperationChanged((operation) => batch.put(operation.id, operation)),
        api().onUploadProgress(({ operationId, loaded, total }) =>
          progressEvents.put(operationId, { loaded, total }),
        ),
        // The counts pushed are not taken as they come: the list and the counts are read again
        // together, so the status bar and the Outbox always say the same. At most once a second
        // while they change (a drain pushes them five times a second, and the list is long).
        api().onOutboxChanged(() => loadSoon()),
        // Another profile's outbox, or the core back after a restart.
        api().onProfileChanged(() => void get().load()),
        api().onCoreStatus((status) => {
          if (status.state === 'running') void get().load()
        }),
        api().onSyncFinished(({ sent, needsAttention }) => {
          // What was pushed before the run's end is applied first, so the summary is the latest news.
          batch.flush()
          // A run of its own that changed something is news; "Sync now" says its own outcome.
          if (
            !get().syncing &&
            Date.now() > manualSyncSaidUntil &&
            (sent > 0 || needsAttention > 0)
          )
            set({
              message:
                `Sync finished: ${reportsSent(sent)}` +
                (needsAttention
                  ? `, ${needsAttention} need${needsAttention === 1 ? 's' : ''} attention.`
                  : '.'),
            })
          void follow()
        }),
      ]
      const loadSoon = () => {
        if (eventLoadTimer) return
        const wait = Math.max(0, lastEventLoadAt + EVENT_LOAD_EVERY_MS - Date.now())
        eventLoadTimer = setTimeout(() => {
          eventLoadTimer = null
          lastEventLoadAt = Date.now()
          void follow()
        }, wait)
      }
      return () => {
        offs.forEach((off) => off())
        batch.cancel()
        if (operationEvents === batch) operationEvents = null
        progressEvents.cancel()
        if (eventLoadTimer) clearTimeout(eventLoadTimer)
        eventLoadTimer = null
        // The history's reload too: no call after the window stopped listening (its test's
        // window may be gone by then).
        if (historyTimer) clearTimeout(historyTimer)
        historyTimer = null
      }
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
      else if (run.value.paused) set({ message: refusedSaid(run.value.paused) })
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
  }
})

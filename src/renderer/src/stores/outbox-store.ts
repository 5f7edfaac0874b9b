import { create } from 'zustand'
import type { OperationView, OutboxView } from '../../../shared/contract-work'
import { api } from '../api'
import { useStatusStore } from './status-store'

interface Progress {
  loaded: number
  total?: number
}

interface OutboxState {
  operations: OperationView[]
  /** Items that finished (sent or discarded) while this window was open: the outbox list drops them. */
  finished: OperationView[]
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

const MAX_FINISHED = 50

export const useOutboxStore = create<OutboxState>((set, get) => ({
  operations: [],
  finished: [],
  paused: null,
  lastSyncAt: null,
  progress: {},
  syncing: false,
  message: null,
  load: async () => {
    const outbox = await api().outboxList()
    // The status bar's counts come from the same answer, so an action here updates both at once.
    if (outbox.ok)
      useStatusStore.setState({
        pending: outbox.value.pending,
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
        if (operation.state === 'done' || operation.state === 'cancelled')
          set({
            finished: [operation, ...get().finished.filter((op) => op.id !== operation.id)].slice(
              0,
              MAX_FINISHED,
            ),
          })
        if (operation.state !== 'sending') {
          const { [operation.id]: _done, ...rest } = get().progress
          set({ progress: rest })
        }
      }),
      api().onUploadProgress(({ operationId, loaded, total }) =>
        set({ progress: { ...get().progress, [operationId]: { loaded, total } } }),
      ),
      api().onOutboxChanged(() => void get().load()),
      api().onSyncFinished(({ sent, needsAttention }) => {
        set({
          message:
            `Sync finished: ${sent} sent` +
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
    set({ syncing: false })
    if (!run.ok) set({ message: `Sync failed: ${run.error.message}` })
    else if (run.value.offline)
      set({
        message:
          'The registry cannot be reached: the items stay queued and are sent when it answers.',
      })
    else if (run.value.paused) set({ message: run.value.paused.message })
    else if (!run.value.leaseHeld)
      set({ message: 'Another Casefile window or the CLI is syncing this outbox right now.' })
    else
      set({
        message: `Sync finished: ${run.value.sent + run.value.adopted} sent, ${run.value.pending} still pending.`,
      })
    await get().load()
  },
  retry: async (operationId) => {
    const result = await api().outboxRetry({ operationId })
    if (!result.ok) set({ message: result.error.message })
    await get().load()
  },
  discard: async (operationId) => {
    const result = await api().outboxDiscard({ operationId })
    if (!result.ok) set({ message: result.error.message })
    else
      set({
        message: `Discarded ${result.value.length} item${result.value.length === 1 ? '' : 's'}.`,
      })
    await get().load()
  },
}))

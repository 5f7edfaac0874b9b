import { create } from 'zustand'
import type { OperationView } from '../../../shared/contracts/outbox'
import { api } from '../api'

type State = OperationView['state']

interface OperationWatchState {
  /** The latest state the core said of each operation this window has heard of (bounded). */
  states: Record<number, State>
  /** Notes the states a queue call answered with, unless an event already said something newer. */
  note: (operations: readonly Pick<OperationView, 'id' | 'state'>[]) => void
  /** Subscribes to the core's operation events; returns the unsubscribe. */
  listen: () => () => void
}

/** How many operations' states are remembered: the newest ones, far more than a window watches. */
const KEEP = 2000

export const useOperationWatch = create<OperationWatchState>((set, get) => {
  const put = (id: number, state: State) => {
    const states = { ...get().states, [id]: state }
    const ids = Object.keys(states)
    if (ids.length > KEEP)
      for (const old of ids
        .map(Number)
        .sort((a, b) => a - b)
        .slice(0, ids.length - KEEP))
        delete states[old]
    set({ states })
  }
  return {
    states: {},
    note: (operations) => {
      for (const op of operations) if (!(op.id in get().states)) put(op.id, op.state)
    },
    listen: () => api().onOperationChanged((op) => put(op.id, op.state)),
  }
})

/**
 * Where what was just queued stands, said once for all its operations: sent (all done), refused
 * (one needs a person), discarded, or still waiting to be sent. What the window says after
 * "Queued" follows it, so it never keeps saying "will be sent" once it was.
 */
export type QueuedOutcome = 'waiting' | 'sent' | 'attention' | 'discarded'

export function outcomeOf(states: Record<number, State>, ids: readonly number[]): QueuedOutcome {
  const known = ids.map((id) => states[id])
  if (known.some((state) => state === 'needs_attention')) return 'attention'
  if (known.length > 0 && known.every((state) => state === 'done')) return 'sent'
  if (known.some((state) => state === 'cancelled')) return 'discarded'
  return 'waiting'
}

export function useQueuedOutcome(ids: readonly number[]): QueuedOutcome {
  return useOperationWatch((s) => outcomeOf(s.states, ids))
}

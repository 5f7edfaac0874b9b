import { create } from 'zustand'
import type { CoreStatus, ProfilesView } from '../../../shared/contracts/shell'
import type { ReachabilityView } from '../../../shared/contracts/outbox'
import { api } from '../api'
import { networkRefusalSaid } from '../components/network-refusal-words'
import type { NetworkRefusal } from '../../../shared/network-refusal'

interface StatusState {
  profiles: ProfilesView | null
  /** Whether the registry answered at the last exchange with it (any call: sync, search, refresh). */
  reach: ReachabilityView | null
  browserOnline: boolean
  /*
   * The outbox's counts, written only by the outbox store's load(), from the same answer as the
   * Outbox's list: the status bar never says "1 pending" beside "The outbox is empty".
   */
  /** Reports with something still to send (not operations: a report and its file are one). */
  pending: number
  needsAttention: number
  lastSyncAt: number | null
  paused: { reason: string; message: string; refusal?: NetworkRefusal } | null
  /** Set while the core's process is restarting after a crash, or could not be restarted. */
  coreTrouble: CoreStatus | null
  /** A one-off sentence on what the person just did that changed the whole desk (a folder set aside). */
  notice: string | null
  setNotice: (notice: string | null) => void
  refresh: () => Promise<void>
  /** Subscribes to the pushed events; returns the unsubscribe. */
  listen: () => () => void
}

/** What the status bar shows, kept current by pushed events. */
export const useStatusStore = create<StatusState>((set, get) => ({
  profiles: null,
  reach: null,
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  pending: 0,
  needsAttention: 0,
  lastSyncAt: null,
  paused: null,
  coreTrouble: null,
  notice: null,
  setNotice: (notice) => set({ notice }),
  refresh: async () => {
    const [profiles, reach, core] = await Promise.all([
      api().profiles(),
      api().registryReachability(),
      // A window that loads after the core failed to start learns why here.
      api().coreStatus(),
    ])
    if (core.ok) set({ coreTrouble: core.value })
    if (profiles.ok) set({ profiles: profiles.value })
    if (reach.ok) set({ reach: reach.value })
  },
  listen: () => {
    const setBrowser = () => set({ browserOnline: navigator.onLine })
    window.addEventListener('online', setBrowser)
    window.addEventListener('offline', setBrowser)
    const offs = [
      api().onOnlineChanged(({ online, state, reason, detail, refusal }) =>
        set({
          reach: {
            state: state ?? (online ? 'online' : 'unreachable'),
            reason: reason ?? (online ? null : 'The registry cannot be reached.'),
            detail: detail ?? null,
            at: Date.now(),
            ...(refusal ? { refusal } : {}),
          },
        }),
      ),
      api().onProfileChanged((profiles) => {
        set({ profiles, reach: null })
        void get().refresh()
      }),
      api().onSyncFinished(() => void get().refresh()),
      api().onCoreStatus((status) => {
        set({ coreTrouble: status.state === 'running' ? null : status })
        // What the restarted core has may differ from what the crashed one last said.
        if (status.state === 'running') void get().refresh()
      }),
    ]
    return () => {
      window.removeEventListener('online', setBrowser)
      window.removeEventListener('offline', setBrowser)
      offs.forEach((off) => off())
    }
  },
}))

/** The core's status while the active data folder will not open (its key lost or wrong); else null. */
export const selectShutFolder = (s: Pick<StatusState, 'coreTrouble'>): CoreStatus | null =>
  s.coreTrouble?.folderProblem ? s.coreTrouble : null

export type ConnectionKind = 'online' | 'unreachable' | 'offline' | 'unknown'

export interface ConnectionView {
  kind: ConnectionKind
  /** A word or two for the status bar. */
  label: string
  /** Why, in a sentence; null when online. */
  reason: string | null
  /** The technical detail, shown behind "Details". */
  detail: string | null
}

/**
 * One reading of the connection for every place that shows it (status bar, Search, Outbox): the
 * computer offline, the registry unreachable (with why), online, or not yet known.
 */
export function selectConnection(s: Pick<StatusState, 'browserOnline' | 'reach'>): ConnectionView {
  if (!s.browserOnline)
    return {
      kind: 'offline',
      label: 'Offline',
      reason:
        'This computer is not connected to a network. Work is kept here and sent when the connection is back.',
      detail: null,
    }
  if (s.reach?.state === 'unreachable')
    return {
      kind: 'unreachable',
      label: 'Registry unreachable',
      // The network's refusal in this window's words (its control for the fix), else the core's.
      reason: s.reach.refusal
        ? networkRefusalSaid(s.reach.refusal)
        : (s.reach.reason ?? 'The registry cannot be reached.'),
      detail: s.reach.detail,
    }
  if (s.reach?.state === 'online')
    return { kind: 'online', label: 'Online', reason: null, detail: null }
  return { kind: 'unknown', label: 'Checking the registry…', reason: null, detail: null }
}

/** Online unless the computer or the last exchange with the registry said otherwise. */
export const selectOnline = (s: StatusState): boolean => {
  const kind = selectConnection(s).kind
  return kind === 'online' || kind === 'unknown'
}

/** The connection as every screen shows it, re-rendering only when it reads differently. */
export function useConnection(): ConnectionView {
  const browserOnline = useStatusStore((s) => s.browserOnline)
  const reach = useStatusStore((s) => s.reach)
  return selectConnection({ browserOnline, reach })
}

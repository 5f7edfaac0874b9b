import { create } from 'zustand'
import type { CoreStatus, ProfilesView } from '../../../shared/contract'
import { api } from '../api'

interface StatusState {
  profiles: ProfilesView | null
  /** The core's view (a sync run reached the registry or not), combined with navigator.onLine. */
  registryOnline: boolean | null
  browserOnline: boolean
  pending: number
  needsAttention: number
  lastSyncAt: number | null
  paused: { reason: string; message: string } | null
  /** Set while the core's process is restarting after a crash, or could not be restarted. */
  coreTrouble: CoreStatus | null
  refresh: () => Promise<void>
  /** Subscribes to the pushed events; returns the unsubscribe. */
  listen: () => () => void
}

/** What the status bar shows, kept current by pushed events. */
export const useStatusStore = create<StatusState>((set, get) => ({
  profiles: null,
  registryOnline: null,
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  pending: 0,
  needsAttention: 0,
  lastSyncAt: null,
  paused: null,
  coreTrouble: null,
  refresh: async () => {
    const [profiles, outbox] = await Promise.all([api().profiles(), api().outboxList()])
    if (profiles.ok) set({ profiles: profiles.value })
    if (outbox.ok)
      set({
        pending: outbox.value.pending,
        needsAttention: outbox.value.counts.needs_attention ?? 0,
        lastSyncAt: outbox.value.lastSyncAt,
        paused: outbox.value.paused,
      })
  },
  listen: () => {
    const setBrowser = () => set({ browserOnline: navigator.onLine })
    window.addEventListener('online', setBrowser)
    window.addEventListener('offline', setBrowser)
    const offs = [
      api().onOnlineChanged(({ online }) => set({ registryOnline: online })),
      api().onOutboxChanged(({ pending, needsAttention }) => set({ pending, needsAttention })),
      api().onProfileChanged((profiles) => {
        set({ profiles, registryOnline: null })
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

/** Online unless the computer or the last sync run said otherwise. */
export const selectOnline = (s: StatusState): boolean =>
  s.browserOnline && s.registryOnline !== false

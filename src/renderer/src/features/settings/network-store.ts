import { create } from 'zustand'
import type { ConnectionSettingsView } from '../../../../shared/contracts/network'
import type { ConnectionReportView } from '../../../../shared/contracts/network'
import { api } from '../../api'

/** A sentence about what the person just did, and whether it went well. */
export interface Note {
  ok: boolean
  text: string
}

interface NetworkState {
  /** The organization's CA file as main read it; null until loaded. */
  settings: ConnectionSettingsView | null
  caNote: Note | null
  /** The last Check connection, kept while the person moves between screens. */
  report: ConnectionReportView | null
  checking: boolean
  checkError: string | null
  load: () => Promise<void>
  chooseCaFile: () => Promise<void>
  clearCaFile: () => Promise<void>
  check: () => Promise<void>
}

/** Settings → Connection: the CA file, and the connection check's report. */
export const useNetworkStore = create<NetworkState>((set, get) => ({
  settings: null,
  caNote: null,
  report: null,
  checking: false,
  checkError: null,
  load: async () => {
    const result = await api().connectionSettings()
    if (result.ok) set({ settings: result.value })
  },
  chooseCaFile: async () => {
    const result = await api().chooseCaFile()
    if (!result.ok) return set({ caNote: { ok: false, text: result.error.message } })
    set({ settings: result.value.settings })
    if (!result.value.chosen) return set({ caNote: null })
    set({
      caNote: {
        ok: true,
        text: 'Casefile now trusts this certificate for the registry. Check the connection to see it at work.',
      },
    })
  },
  clearCaFile: async () => {
    const result = await api().clearCaFile()
    if (!result.ok) return set({ caNote: { ok: false, text: result.error.message } })
    set({
      settings: result.value,
      caNote: {
        ok: true,
        text: 'The certificate file is no longer used. Casefile trusts this computer’s certificates and its own.',
      },
    })
  },
  check: async () => {
    if (get().checking) return
    set({ checking: true, checkError: null })
    const result = await api().connectionCheck()
    set(
      result.ok
        ? { checking: false, report: result.value }
        : { checking: false, report: null, checkError: result.error.message },
    )
  },
}))

import { create } from 'zustand'
import type { Bank } from '../../../shared/domain/responses'
import { api } from '../api'

interface BanksState {
  banks: Bank[]
  refreshedAt: string | null
  loaded: boolean
  error: string | null
  /** The cached list, then a refresh from the registry when it answers. */
  load: () => Promise<void>
  refresh: () => Promise<boolean>
}

export const useBanksStore = create<BanksState>((set, get) => ({
  banks: [],
  refreshedAt: null,
  loaded: false,
  error: null,
  load: async () => {
    const cached = await api().banksList()
    if (cached.ok) set({ ...cached.value, loaded: true })
    if (!cached.ok || cached.value.banks.length === 0) await get().refresh()
  },
  refresh: async () => {
    const fresh = await api().banksRefresh()
    if (fresh.ok) {
      set({ ...fresh.value, loaded: true, error: null })
      return true
    }
    set({
      loaded: true,
      error: `The bank list could not be refreshed: ${fresh.error.message} The saved list is used.`,
    })
    return false
  },
}))

/** The slugs of the list, for the same bank check main applies; undefined before there is a list. */
export function bankSlugSet(banks: readonly Bank[]): ReadonlySet<string> | undefined {
  return banks.length > 0 ? new Set(banks.map((bank) => bank.slug)) : undefined
}

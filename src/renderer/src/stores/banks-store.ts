import { useMemo } from 'react'
import { create } from 'zustand'
import type { Bank } from '../../../shared/domain/responses'
import { api } from '../api'
import { splitTechnical } from '../format'

interface BanksState {
  banks: Bank[]
  refreshedAt: string | null
  loaded: boolean
  /** Why there is no bank list, in a person's words; null when there is one (or it is loading). */
  error: string | null
  /** The technical part of that reason (an error code, an HTTP status), for "Details". */
  errorDetail: string | null
  refreshing: boolean
  /** The cached list, then a refresh from the registry when it answers. */
  load: () => Promise<void>
  refresh: () => Promise<boolean>
}

export const useBanksStore = create<BanksState>((set, get) => ({
  banks: [],
  refreshedAt: null,
  loaded: false,
  error: null,
  errorDetail: null,
  refreshing: false,
  load: async () => {
    const cached = await api().banksList()
    if (cached.ok) set({ ...cached.value, loaded: true })
    // Refreshed at each start: banks change, and this first exchange says whether the registry
    // can be reached before anything else needs it.
    await get().refresh()
  },
  refresh: async () => {
    set({ refreshing: true })
    const fresh = await api().banksRefresh()
    if (fresh.ok) {
      set({ ...fresh.value, loaded: true, error: null, errorDetail: null, refreshing: false })
      return true
    }
    // With a saved list the editor works as it is; without one, say why and what still works.
    const { text, detail } = splitTechnical(fresh.error.message)
    const none = get().banks.length === 0
    set({
      loaded: true,
      refreshing: false,
      error: none
        ? `No bank list is saved on this computer yet, and it could not be fetched: ${text} An account can still be entered with its bank’s slug (for example zenith-bank); refresh the list once the registry can be reached to pick banks by name.`
        : null,
      errorDetail: none ? detail : null,
    })
    return false
  },
}))

/** The slugs of the list, for the same bank check main applies; undefined before there is a list. */
export function bankSlugSet(banks: readonly Bank[]): ReadonlySet<string> | undefined {
  return banks.length > 0 ? new Set(banks.map((bank) => bank.slug)) : undefined
}

/** A bank's name by its slug, from the cached list (for showing accounts as people read them). */
export function useBankName(): (slug: string) => string | undefined {
  const banks = useBanksStore((b) => b.banks)
  return useMemo(() => {
    const names = new Map(banks.map((bank) => [bank.slug, bank.name]))
    return (slug: string) => names.get(slug)
  }, [banks])
}

import { useMemo } from 'react'
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
    // Refreshed at each start: banks change, and this first exchange says whether the registry
    // can be reached before anything else needs it.
    await get().refresh()
  },
  refresh: async () => {
    const fresh = await api().banksRefresh()
    if (fresh.ok) {
      set({ ...fresh.value, loaded: true, error: null })
      return true
    }
    // With a saved list the editor works as it is; without one, say why banks cannot be picked.
    set({
      loaded: true,
      error:
        get().banks.length > 0
          ? null
          : `The bank list could not be loaded: ${fresh.error.message} Accounts can be picked from it once the registry answers.`,
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

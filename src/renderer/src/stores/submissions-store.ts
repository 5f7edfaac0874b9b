import { create } from 'zustand'
import type { FraudType } from '../../../shared/domain/fraud-types'
import type { ReportRecord } from '../../../shared/domain/responses'
import { api } from '../api'

export const PAGE_SIZE = 200

export interface SubmissionFilters {
  fraudType: FraudType | ''
  listingStatus: string
  from: string
  to: string
}

interface SubmissionsState {
  filters: SubmissionFilters
  total: number | null
  /** Rows by page number; a page is fetched once per filter set, as the user scrolls to it. */
  pages: Record<number, ReportRecord[]>
  /** Bumped when the filters or the cache change, so late answers for old filters are dropped. */
  generation: number
  error: string | null
  refreshing: boolean
  refreshNote: string | null
  selected: string | null
  setFilters: (patch: Partial<SubmissionFilters>) => void
  reload: () => Promise<void>
  ensureRange: (start: number, end: number) => void
  refresh: () => Promise<void>
  select: (id: string | null) => void
}

const loading = new Set<string>()

function queryOf(filters: SubmissionFilters) {
  return {
    ...(filters.fraudType ? { fraudType: filters.fraudType } : {}),
    ...(filters.listingStatus ? { listingStatus: filters.listingStatus } : {}),
    ...(filters.from ? { from: new Date(`${filters.from}T00:00:00`).toISOString() } : {}),
    ...(filters.to ? { to: new Date(`${filters.to}T23:59:59.999`).toISOString() } : {}),
  }
}

export const useSubmissionsStore = create<SubmissionsState>((set, get) => {
  const fetchPage = async (page: number) => {
    const { generation, filters } = get()
    const key = `${generation}:${page}`
    if (loading.has(key) || get().pages[page]) return
    loading.add(key)
    const result = await api().submissionsList({
      ...queryOf(filters),
      offset: page * PAGE_SIZE,
      limit: PAGE_SIZE,
    })
    loading.delete(key)
    if (get().generation !== generation) return
    if (result.ok)
      set({
        pages: { ...get().pages, [page]: result.value.rows },
        total: result.value.total,
        error: null,
      })
    else set({ error: result.error.message })
  }

  return {
    filters: { fraudType: '', listingStatus: '', from: '', to: '' },
    total: null,
    pages: {},
    generation: 0,
    error: null,
    refreshing: false,
    refreshNote: null,
    selected: null,
    setFilters: (patch) => {
      set({ filters: { ...get().filters, ...patch } })
      void get().reload()
    },
    reload: async () => {
      set({ pages: {}, total: null, generation: get().generation + 1 })
      await fetchPage(0)
    },
    ensureRange: (start, end) => {
      for (
        let page = Math.floor(start / PAGE_SIZE);
        page <= Math.floor(Math.max(start, end - 1) / PAGE_SIZE);
        page++
      )
        void fetchPage(page)
    },
    refresh: async () => {
      set({ refreshing: true })
      const result = await api().submissionsRefresh()
      set({
        refreshing: false,
        refreshNote: result.ok
          ? `Updated from the registry (${result.value.written} new or changed).`
          : `Showing the saved copy: ${result.error.message}`,
      })
      if (result.ok) await get().reload()
    },
    select: (selected) => set({ selected }),
  }
})

export function rowAt(
  pages: Record<number, ReportRecord[]>,
  index: number,
): ReportRecord | undefined {
  return pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE]
}

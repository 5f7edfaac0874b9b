import { create } from 'zustand'
import type { FraudType } from '../../../../shared/domain/fraud-types'
import type { ReportRecord } from '../../../../shared/domain/responses'
import { api } from '../../api'

export const PAGE_SIZE = 200

export interface SubmissionFilters {
  fraudType: FraudType | ''
  listingStatus: string
  from: string
  to: string
  /** Part of an identifier's value (an account number, a phone, an email); '' for any. */
  identifier: string
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
  /**
   * Reads again the rows already shown, from the saved copy, without going back to "Loading…":
   * after the outbox sent a change or a report's detail was read from the registry, the list
   * says what the detail says.
   */
  reloadShown: () => Promise<void>
  /** Keeps the list in step with what the outbox sends; returns the unsubscribe. */
  listen: () => () => void
}

const loading = new Set<string>()

function queryOf(filters: SubmissionFilters) {
  return {
    ...(filters.fraudType ? { fraudType: filters.fraudType } : {}),
    ...(filters.listingStatus ? { listingStatus: filters.listingStatus } : {}),
    ...(filters.from ? { from: new Date(`${filters.from}T00:00:00`).toISOString() } : {}),
    ...(filters.to ? { to: new Date(`${filters.to}T23:59:59.999`).toISOString() } : {}),
    ...(filters.identifier.trim() ? { identifier: filters.identifier.trim() } : {}),
  }
}

export const useSubmissionsStore = create<SubmissionsState>((set, get) => {
  let refreshing: Promise<void> | null = null
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
    filters: { fraudType: '', listingStatus: '', from: '', to: '', identifier: '' },
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
    // One at a time: an opening of the screen while a refresh runs joins it (the core would
    // join it too, but each call waiting on it holds one of the page's connections meanwhile).
    refresh: () =>
      (refreshing ??= (async () => {
        set({ refreshing: true })
        const result = await api().submissionsRefresh()
        set({
          refreshing: false,
          refreshNote: result.ok
            ? refreshedNote(result.value.written)
            : `Showing the saved copy: ${result.error.message}`,
        })
        if (result.ok) await get().reloadShown()
      })().finally(() => (refreshing = null))),
    select: (selected) => set({ selected }),
    reloadShown: async () => {
      const { generation, filters } = get()
      const shown = Object.keys(get().pages).map(Number)
      if (shown.length === 0) return get().reload()
      const answers = await Promise.all(
        shown.map((page) =>
          api().submissionsList({
            ...queryOf(filters),
            offset: page * PAGE_SIZE,
            limit: PAGE_SIZE,
          }),
        ),
      )
      if (get().generation !== generation) return
      const pages: Record<number, ReportRecord[]> = {}
      let total = get().total
      for (const [i, answer] of answers.entries()) {
        if (!answer.ok) return set({ error: answer.error.message })
        pages[shown[i] as number] = answer.value.rows
        total = answer.value.total
      }
      set({ pages, total, error: null })
    },
    listen: () => {
      let timer: ReturnType<typeof setTimeout> | null = null
      // A burst of sent items (a drained queue) reads the list once.
      const soon = () => {
        if (timer) clearTimeout(timer)
        timer = setTimeout(() => void get().reloadShown(), 150)
      }
      const offs = [
        api().onOperationChanged((op) => {
          if (op.state === 'done' && op.kind !== 'upload_attachment') soon()
        }),
        api().onSyncFinished(() => soon()),
      ]
      return () => {
        if (timer) clearTimeout(timer)
        offs.forEach((off) => off())
      }
    },
  }
})

/** What a refresh from the registry changed, in words: nothing is news only when something changed. */
export function refreshedNote(changed: number): string {
  if (changed === 0) return 'Up to date with the registry: nothing new or changed.'
  return `Updated from the registry: ${changed.toLocaleString()} report${changed === 1 ? '' : 's'} new or changed.`
}

/** A row already read into the list, by registry id (null when it is not among the pages read). */
export function rowById(pages: Record<number, ReportRecord[]>, id: string): ReportRecord | null {
  for (const rows of Object.values(pages)) for (const row of rows) if (row.id === id) return row
  return null
}

export function rowAt(
  pages: Record<number, ReportRecord[]>,
  index: number,
): ReportRecord | undefined {
  return pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE]
}

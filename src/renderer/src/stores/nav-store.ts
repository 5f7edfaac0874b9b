import { create } from 'zustand'
import type { IdentifierType } from '../../../shared/domain/identifiers'

export const SCREENS = [
  { id: 'editor', label: 'Report' },
  { id: 'outbox', label: 'Outbox' },
  { id: 'submissions', label: 'Submissions' },
  { id: 'search', label: 'Search' },
  { id: 'cases', label: 'Cases' },
  { id: 'insights', label: 'Insights' },
  { id: 'screening', label: 'Screening' },
  { id: 'watchlist', label: 'Watchlist' },
  { id: 'bulk', label: 'Bulk import' },
  { id: 'settings', label: 'Settings' },
] as const
export type ScreenId = (typeof SCREENS)[number]['id']

export interface PendingSearch {
  identifier: IdentifierType
  value: string
  reportId?: string
}

interface NavState {
  screen: ScreenId
  go: (screen: ScreenId) => void
  /**
   * A search another screen asked for; the Search screen runs it when it opens, and shows the
   * report `reportId` names (a watchlist alert's) selected, with the keyboard on it.
   */
  pendingSearch: PendingSearch | null
  searchFor: (query: PendingSearch) => void
}

export const useNavStore = create<NavState>((set) => ({
  screen: 'editor',
  go: (screen) => set({ screen }),
  pendingSearch: null,
  searchFor: (query) => set({ pendingSearch: query, screen: 'search' }),
}))

import { create } from 'zustand'

export const SCREENS = [
  { id: 'editor', label: 'Report' },
  { id: 'outbox', label: 'Outbox' },
  { id: 'submissions', label: 'Submissions' },
  { id: 'search', label: 'Search' },
  { id: 'bulk', label: 'Bulk import' },
  { id: 'settings', label: 'Settings' },
] as const
export type ScreenId = (typeof SCREENS)[number]['id']

interface NavState {
  screen: ScreenId
  go: (screen: ScreenId) => void
}

export const useNavStore = create<NavState>((set) => ({
  screen: 'editor',
  go: (screen) => set({ screen }),
}))

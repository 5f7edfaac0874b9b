import { create } from 'zustand'
import type { InsightsSummary } from '../../../shared/contract-insights'
import { api } from '../api'

interface InsightsState {
  summary: InsightsSummary | null
  error: string | null
  counting: boolean
  /** Asks the core to count again, in this computer's time zone; the last figures stay shown. */
  count: () => Promise<void>
}

export const useInsightsStore = create<InsightsState>((set) => ({
  summary: null,
  error: null,
  counting: false,
  count: async () => {
    set({ counting: true })
    const result = await api().insightsSummary({
      utcOffsetMinutes: -new Date().getTimezoneOffset(),
    })
    if (result.ok) set({ summary: result.value, error: null, counting: false })
    else set({ error: result.error.message, counting: false })
  },
}))

import { create } from 'zustand'
import type { InsightsSummary } from '../../../../shared/contracts/insights'
import { api } from '../../api'

interface InsightsState {
  summary: InsightsSummary | null
  error: string | null
  counting: boolean
  /** Asks the core to count again, in this computer's time zone; the last figures stay shown. */
  count: () => Promise<void>
}

/** The figures, leaving out when they were counted (shown nowhere). */
const figuresOf = ({ countedAt: _countedAt, ...figures }: InsightsSummary) =>
  JSON.stringify(figures)

export const useInsightsStore = create<InsightsState>((set, get) => ({
  summary: null,
  error: null,
  counting: false,
  count: async () => {
    set({ counting: true })
    const result = await api().insightsSummary({
      utcOffsetMinutes: -new Date().getTimezoneOffset(),
    })
    if (!result.ok) {
      set({ error: result.error.message, counting: false })
      return
    }
    // Counted again to the same figures (the screen opened again, nothing saved since): the
    // summary shown stays the same object, so no picture is redrawn for nothing.
    const shown = get().summary
    const same = shown !== null && figuresOf(shown) === figuresOf(result.value)
    set({ summary: same ? shown : result.value, error: null, counting: false })
  },
}))

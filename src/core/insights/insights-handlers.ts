import type { FeatureHandlers } from '../core-context'
import { insightsSummary } from './insights-summary'

/** Insights' slice of the contract: the figures of the Insights screen, counted at each call. */
export const insightsHandlers: FeatureHandlers<'insightsSummary'> = (core) => ({
  insightsSummary: (input) =>
    insightsSummary(core(), input?.utcOffsetMinutes === undefined ? {} : input),
})

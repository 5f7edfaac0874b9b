/**
 * Channel names of Insights (the organization's reports as pictures), with no schema attached
 * so the preload can bundle them. insights.ts pairs each with its schemas.
 */
export const INSIGHTS_INVOKE_CHANNELS = {
  insightsSummary: 'insights:summary',
} as const

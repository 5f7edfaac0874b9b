/**
 * Channel names of Screening (a whole list of identifiers checked against the registry), with
 * no schema attached so the preload can bundle them. screening.ts pairs each with its
 * schemas.
 */
export const SCREENING_INVOKE_CHANNELS = {
  screeningPreview: 'screening:preview',
  screeningStart: 'screening:start',
  screeningEstimate: 'screening:estimate',
  screeningList: 'screening:list',
  screeningShow: 'screening:show',
  screeningPause: 'screening:pause',
  screeningResume: 'screening:resume',
  screeningCancel: 'screening:cancel',
  screeningRescreen: 'screening:rescreen',
  screeningExport: 'screening:export',
} as const

/** A screening job the app's core ran in the background reached its end. */
export const SCREENING_EVENT_CHANNELS = {
  screeningFinished: 'event:screening-finished',
} as const

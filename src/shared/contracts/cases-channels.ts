/**
 * Channel names of cases (an investigation's reports, search answers, alerts and notes, made
 * into one bundle for the police or a court), with no schema attached so the preload can bundle
 * them. cases.ts pairs each with its schemas; they are work channels, served by the
 * core process. Saving a case's bundle is main's (files-channels.ts, saveCase).
 */
export const CASES_INVOKE_CHANNELS = {
  caseList: 'cases:list',
  caseShow: 'cases:show',
  caseNew: 'cases:new',
  caseAdd: 'cases:add',
  caseNote: 'cases:note',
} as const

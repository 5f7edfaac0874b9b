/**
 * Channel names of drafts (a report being written), with no schema attached so the preload can
 * bundle them. drafts.ts pairs each with its schemas; work channels, served by the core process.
 */
export const DRAFTS_INVOKE_CHANNELS = {
  draftCreate: 'drafts:create',
  draftSave: 'drafts:save',
  draftGet: 'drafts:get',
  draftList: 'drafts:list',
  draftDiscard: 'drafts:discard',
} as const

/**
 * Channel names of the files Casefile writes where the person chooses, in main's own save
 * dialog, with no schema attached so the preload can bundle them. files.ts pairs each
 * with its schemas.
 */
export const FILES_INVOKE_CHANNELS = {
  saveRejectedRows: 'files:save-rejected-rows',
  saveAttachment: 'files:save-attachment',
  saveCaseFile: 'files:save-case-file',
  saveCase: 'files:save-case',
  saveScreeningHits: 'files:save-screening-hits',
  saveScreeningRecord: 'files:save-screening-record',
} as const

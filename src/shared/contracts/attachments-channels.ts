/**
 * Channel names of attachments (a file added to a draft or taken off it, naming them, opening
 * them in the viewer, a copy to save), with no schema attached so the preload can bundle them. attachments.ts pairs
 * each with its schemas; they are work channels, served by the core process.
 */
export const ATTACHMENT_INVOKE_CHANNELS = {
  attachmentAdd: 'attachments:add',
  attachmentRemove: 'attachments:remove',
  attachmentNames: 'attachments:names',
  attachmentOpen: 'attachments:open',
  attachmentCopy: 'attachments:copy',
} as const

/**
 * Channel names of the attachments' own work (naming them, opening them in the viewer, a copy to
 * save), with no schema attached so the preload can bundle them. contract-attachments.ts pairs
 * each with its schemas; they are work channels, served by the core process.
 */
export const ATTACHMENT_INVOKE_CHANNELS = {
  attachmentNames: 'attachments:names',
  attachmentOpen: 'attachments:open',
  attachmentCopy: 'attachments:copy',
} as const

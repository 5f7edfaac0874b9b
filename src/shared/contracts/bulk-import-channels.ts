/**
 * Channel names of a spreadsheet's import, with no schema attached so the preload can bundle
 * them. bulk-import.ts pairs each with its schemas; work channels, served by the core process.
 */
export const BULK_IMPORT_INVOKE_CHANNELS = {
  bulkTemplate: 'bulk:template',
  bulkPreview: 'bulk:preview',
  bulkQueue: 'bulk:queue',
  bulkRejectedRows: 'bulk:rejected-rows',
} as const

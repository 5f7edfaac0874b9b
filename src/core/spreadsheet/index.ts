/*
 * Bulk spreadsheets in core: read (CSV/XLSX, streamed, limited), map rows to report inputs,
 * the template files, and exports. Plain functions over files and Node streams, for the
 * outbox, the CLI and the shell to wire.
 */
export * from './read-table'
export * from './bulk-file-import'
export * from './export'
export {
  BULK_TEMPLATE_CSV,
  BULK_TEMPLATE_XLSX,
  bulkTemplateCsv,
  writeBulkTemplateFiles,
  writeBulkTemplateXlsx,
} from './bulk-template-file'
export { writeCsv, type CsvCellValue } from './csv-writer'
export { writeXlsx, type XlsxSheetSpec, type XlsxCellValue } from './xlsx-writer'
export { columnLetter } from './cell-reference'

// What the rest of the app uses of this folder's other files.
export type { AttachmentFileCell } from './bulk-attachment-cells'
export { cellReference, columnIndexOfReference } from './cell-reference'
export { HEADER_SEARCH_ROWS } from './table-limits'
export { checkOutputFile, writeReplacing } from './output-file'
export type { OutputProblem } from './output-file'

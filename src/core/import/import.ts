/**
 * The front door of src/core/import: all that code outside this folder may import
 * of it (docs/architecture.md, "Front doors"; enforced by eslint's front-doors rule).
 */

export { importHandlers } from './import-handlers'
export { importSpreadsheet } from './import-spreadsheet'
export { importOutcomeView } from './import-view'

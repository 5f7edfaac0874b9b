/**
 * The front door of src/core/export: all that code outside this folder may import
 * of it (docs/architecture.md, "Front doors"; enforced by eslint's front-doors rule).
 */

export { exportSearchAnswer, exportSubmissions } from './export-lists'

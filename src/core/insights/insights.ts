/**
 * The front door of src/core/insights: all that code outside this folder may import
 * of it (docs/architecture.md, "Front doors"; enforced by eslint's front-doors rule).
 */

export { insightsHandlers } from './insights-handlers'

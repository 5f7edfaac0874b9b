/**
 * The front door of src/core/registry: all that code outside this folder may import
 * of it (docs/architecture.md, "Front doors"; enforced by eslint's front-doors rule).
 */

export { LinkFetchError, createRegistryClient } from './registry-client'
export type { RegistryClient, UploadProgress } from './registry-client'
export { DEFAULT_TIMEOUT_MS } from './registry-request'
export type { CallOptions, ExchangeLogEntry } from './registry-request'
export { clockWords, computerAheadMs, registryIso } from './clock-standing'
export { ENDPOINTS, fillPath, joinUrl } from './endpoints'
export type { Reachability } from './reachability'
export type { RegistryConnection } from './registry-connection'
export { ReachabilityWatch } from './reachability-watch'
export { CLOCK_JUMP_MS, RegistryClock, UNKNOWN_CLOCK_MARGIN_MS } from './registry-clock'
export type { ClockReading, ClockSample } from './registry-clock'

// What the rest of the app uses of this folder's other files.
export { connectionCheckHandlers } from './connection-check-handlers'
export type { ConnectionCheckSource } from './connection-check-handlers'
export { DEFAULT_UPDATE_FEED_URL, checkConnection } from './connection-check'
export { formatConnectionReport } from './connection-report'

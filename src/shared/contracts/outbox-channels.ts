/**
 * Channel names of the outbox and its sync (reports queued, updated or unlisted, their
 * operations, the registry's reachability), with no schema attached so the preload can bundle
 * them. outbox.ts pairs each with its schemas; work channels, served by the core process.
 */
export const OUTBOX_INVOKE_CHANNELS = {
  reportQueue: 'reports:queue',
  reportUpdate: 'reports:update',
  reportEditTarget: 'reports:edit-target',
  reportUnlist: 'reports:unlist',
  outboxList: 'outbox:list',
  outboxRetry: 'outbox:retry',
  outboxDiscard: 'outbox:discard',
  outboxEdit: 'outbox:edit',
  syncNow: 'sync:now',
  registryReachability: 'registry:reachability',
  outboxHistory: 'outbox:history',
} as const

/** An operation changed state; an attachment's upload progressed. */
export const OUTBOX_EVENT_CHANNELS = {
  operationChanged: 'event:operation-changed',
  uploadProgress: 'event:upload-progress',
} as const

import { INSIGHTS_INVOKE_CHANNELS } from './ipc-channels-insights'
import { ATTACHMENT_INVOKE_CHANNELS } from './ipc-channels-attachments'
import { CASE_FILE_INVOKE_CHANNELS } from './ipc-channels-case-file'
import { CASES_INVOKE_CHANNELS } from './ipc-channels-cases'
import { SCREENING_EVENT_CHANNELS, SCREENING_INVOKE_CHANNELS } from './ipc-channels-screening'
import { WATCHLIST_EVENT_CHANNELS, WATCHLIST_INVOKE_CHANNELS } from './ipc-channels-watchlist'

/**
 * Channel names of the investigator's work (drafts, outbox, search, submissions, banks), with
 * no schema attached so the preload can bundle them. contract-work.ts pairs each with schemas.
 */
export const WORK_INVOKE_CHANNELS = {
  draftCreate: 'drafts:create',
  draftSave: 'drafts:save',
  draftGet: 'drafts:get',
  draftList: 'drafts:list',
  draftDiscard: 'drafts:discard',
  attachmentAdd: 'attachments:add',
  attachmentRemove: 'attachments:remove',
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
  onFile: 'search:on-file',
  searchRun: 'search:run',
  searchReasons: 'search:reasons',
  searchPace: 'search:pace',
  searchSetMaxRate: 'search:set-max-rate',
  submissionsList: 'submissions:list',
  submissionsRefresh: 'submissions:refresh',
  submissionGet: 'submissions:get',
  banksList: 'banks:list',
  banksRefresh: 'banks:refresh',
  exchangeLog: 'log:read',
  bulkTemplate: 'bulk:template',
  bulkPreview: 'bulk:preview',
  bulkQueue: 'bulk:queue',
  bulkRejectedRows: 'bulk:rejected-rows',
  connectionCheck: 'network:check',
  ...INSIGHTS_INVOKE_CHANNELS,
  ...ATTACHMENT_INVOKE_CHANNELS,
  ...CASE_FILE_INVOKE_CHANNELS,
  ...CASES_INVOKE_CHANNELS,
  ...SCREENING_INVOKE_CHANNELS,
  ...WATCHLIST_INVOKE_CHANNELS,
} as const

/** Events of the work: an operation changed state, an attachment upload progressed. */
export const WORK_EVENT_CHANNELS = {
  operationChanged: 'event:operation-changed',
  uploadProgress: 'event:upload-progress',
  ...SCREENING_EVENT_CHANNELS,
  ...WATCHLIST_EVENT_CHANNELS,
} as const

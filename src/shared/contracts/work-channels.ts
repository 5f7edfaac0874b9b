import { ATTACHMENT_INVOKE_CHANNELS } from './attachments-channels'
import { BANKS_INVOKE_CHANNELS } from './banks-channels'
import { BULK_IMPORT_INVOKE_CHANNELS } from './bulk-import-channels'
import { CASE_FILE_INVOKE_CHANNELS } from './case-file-channels'
import { CASES_INVOKE_CHANNELS } from './cases-channels'
import { DRAFTS_INVOKE_CHANNELS } from './drafts-channels'
import { INSIGHTS_INVOKE_CHANNELS } from './insights-channels'
import { LOG_INVOKE_CHANNELS } from './log-channels'
import { CONNECTION_CHECK_INVOKE_CHANNELS } from './network-channels'
import { OUTBOX_EVENT_CHANNELS, OUTBOX_INVOKE_CHANNELS } from './outbox-channels'
import { SCREENING_EVENT_CHANNELS, SCREENING_INVOKE_CHANNELS } from './screening-channels'
import { SEARCH_INVOKE_CHANNELS } from './search-channels'
import { SUBMISSIONS_INVOKE_CHANNELS } from './submissions-channels'
import { WATCHLIST_EVENT_CHANNELS, WATCHLIST_INVOKE_CHANNELS } from './watchlist-channels'

/**
 * Channel names of the investigator's work, each feature's from its own file: the channels the
 * core process serves (main forwards them). No schema attached, so the preload can bundle them;
 * work.ts gathers the features' contracts the same way.
 */
export const WORK_INVOKE_CHANNELS = {
  ...DRAFTS_INVOKE_CHANNELS,
  ...ATTACHMENT_INVOKE_CHANNELS,
  ...OUTBOX_INVOKE_CHANNELS,
  ...SEARCH_INVOKE_CHANNELS,
  ...SUBMISSIONS_INVOKE_CHANNELS,
  ...BANKS_INVOKE_CHANNELS,
  ...LOG_INVOKE_CHANNELS,
  ...BULK_IMPORT_INVOKE_CHANNELS,
  ...CONNECTION_CHECK_INVOKE_CHANNELS,
  ...INSIGHTS_INVOKE_CHANNELS,
  ...CASE_FILE_INVOKE_CHANNELS,
  ...CASES_INVOKE_CHANNELS,
  ...SCREENING_INVOKE_CHANNELS,
  ...WATCHLIST_INVOKE_CHANNELS,
} as const

/** Events of the work: an operation changed state, an upload progressed, a screening ended, alerts. */
export const WORK_EVENT_CHANNELS = {
  ...OUTBOX_EVENT_CHANNELS,
  ...SCREENING_EVENT_CHANNELS,
  ...WATCHLIST_EVENT_CHANNELS,
} as const

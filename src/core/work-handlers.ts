import type { WorkHandlers } from '../shared/contracts/work'
import { attachmentHandlers } from './attachments/attachment-handlers'
import { banksHandlers } from './banks/banks-handlers'
import { caseFileHandlers } from './case-file/case-file-handlers'
import { casesHandlers } from './cases/cases-handlers'
import type { CoreContext } from './core-context'
import { draftsHandlers } from './drafts/drafts-handlers'
import { importHandlers } from './import/import-handlers'
import { insightsHandlers } from './insights/insights-handlers'
import { logHandlers } from './log/log-handlers'
import {
  connectionCheckHandlers,
  type ConnectionCheckSource,
} from './network/connection-check-handlers'
import { outboxHandlers } from './outbox/outbox-handlers'
import { screeningHandlers } from './screening/screening-handlers'
import { searchHandlers } from './search/search-handlers'
import { signingHandlers, type SigningKeychain } from './signing/signing-handlers'
import { submissionsHandlers } from './submissions/submissions-handlers'
import { syncHandlers } from './sync/sync-handlers'
import { watchlistHandlers } from './watchlist/watchlist-handlers'

export type { WorkHandlers, ConnectionCheckSource }

export interface WorkHandlerOptions {
  /** The running core's connection, key and network settings, for Settings → Check connection. */
  connectionCheck?: () => ConnectionCheckSource
  /** Where Settings → Case files looks for the folder's signing key besides its file (the app's keychain). */
  signingKeychain?: SigningKeychain
}

/**
 * The investigator's work as the contract's handlers: each feature's slice, composed. The core
 * process runs them (src/core-process/casefile-app-core.ts) and main forwards the window's calls
 * to them, in the app and in the web test harness alike. `core()` is read at each call: a core
 * that stops or starts is swapped underneath. A new channel is a line in its feature's handlers
 * and its contract: nothing here changes.
 */
export function createWorkHandlers(
  core: () => CoreContext,
  options: WorkHandlerOptions = {},
): WorkHandlers {
  return {
    ...draftsHandlers(core),
    ...attachmentHandlers(core),
    ...outboxHandlers(core),
    ...syncHandlers(core),
    ...searchHandlers(core),
    ...submissionsHandlers(core),
    ...banksHandlers(core),
    ...importHandlers(core),
    ...logHandlers(core),
    ...insightsHandlers(core),
    ...caseFileHandlers(core),
    ...casesHandlers(core),
    ...signingHandlers(options.signingKeychain)(core),
    ...screeningHandlers(core),
    ...watchlistHandlers(core),
    ...connectionCheckHandlers(core, options.connectionCheck),
  }
}

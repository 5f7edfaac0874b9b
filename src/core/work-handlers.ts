import type { WorkHandlers } from '../shared/contracts/work'
import { attachmentHandlers, draftsHandlers } from './drafts/drafts'
import { banksHandlers } from './banks/banks'
import { caseFileHandlers } from './case-file/case-file'
import { caseExportHandlers, casesHandlers } from './cases/cases'
import type { CoreContext } from './core-context'
import { importHandlers } from './import/import'
import { insightsHandlers } from './insights/insights'
import { logHandlers } from './log/log'
import { connectionCheckHandlers, type ConnectionCheckSource } from './registry/registry'
import { outboxHandlers } from './outbox/outbox'
import { screeningHandlers } from './screening/screening'
import { searchHandlers } from './search/search'
import { signingHandlers, type SigningKeychain } from './signing/signing'
import { submissionsHandlers } from './submissions/submissions'
import { syncHandlers } from './sync/sync'
import { watchlistHandlers } from './watchlist/watchlist'

export type { WorkHandlers, ConnectionCheckSource }

export interface WorkHandlerOptions {
  /** The running core's connection, key and network settings, for Settings → Check connection. */
  connectionCheck?: () => ConnectionCheckSource
  /**
   * Where the folder's signing key is looked for besides its file (the app's keychain): shown in
   * Settings → Case files, and used to sign what the window exports.
   */
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
    ...caseExportHandlers(options.signingKeychain)(core),
    ...signingHandlers(options.signingKeychain)(core),
    ...screeningHandlers(core),
    ...watchlistHandlers(core),
    ...connectionCheckHandlers(core, options.connectionCheck),
  }
}

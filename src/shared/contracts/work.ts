import type { z } from 'zod'
import { attachmentsContract } from './attachments'
import { banksContract } from './banks'
import { bulkImportContract } from './bulk-import'
import { caseExportContract } from './case-export'
import { caseFileContract } from './case-file'
import { casesContract } from './cases'
import { draftsContract } from './drafts'
import { insightsContract } from './insights'
import { logContract } from './log'
import { connectionCheckContract } from './network'
import { outboxContract, outboxEventContract } from './outbox'
import { screeningContract, screeningEventContract } from './screening'
import { searchContract } from './search'
import { submissionsContract } from './submissions'
import { watchlistContract, watchlistEventContract } from './watchlist'

/*
 * The investigator's work over IPC: every feature's channels that the core process serves (main
 * forwards them), gathered from the features' own contract files. Inputs are strict (main
 * parses them); outputs describe what the core returns.
 */

export const workContract = {
  ...draftsContract,
  ...attachmentsContract,
  ...outboxContract,
  ...searchContract,
  ...submissionsContract,
  ...banksContract,
  ...bulkImportContract,
  ...logContract,
  ...connectionCheckContract,
  ...insightsContract,
  ...caseFileContract,
  ...casesContract,
  ...screeningContract,
  ...watchlistContract,
} as const

/**
 * What main alone asks of the core, never the window: not in the window's contract (index.ts),
 * so no page can call it. A case's bundle or a report's case file written at the path main's
 * own save dialog gave (case-export.ts).
 */
export const mainWorkContract = {
  ...caseExportContract,
} as const

/** Every call the core process serves: the window's work channels, and main's own. */
export const coreWorkContract = { ...workContract, ...mainWorkContract } as const
type CoreWork = typeof coreWorkContract

/**
 * The core's handlers, in whichever process runs them (src/core/work-handlers.ts in the core
 * process; main's forwarders in process-app-core.ts): the parsed input in, the answer out. The
 * window reaches only those of workContract; main calls mainWorkContract's itself.
 */
export type WorkHandlers = {
  [M in keyof CoreWork]: (
    input: z.output<CoreWork[M]['input']>,
  ) => Promise<z.input<CoreWork[M]['output']>> | z.input<CoreWork[M]['output']>
}

export const workEventContract = {
  ...outboxEventContract,
  ...screeningEventContract,
  ...watchlistEventContract,
} as const

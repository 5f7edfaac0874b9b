import type { z } from 'zod'
import { attachmentsContract } from './attachments'
import { banksContract } from './banks'
import { bulkImportContract } from './bulk-import'
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
 * The work channels' handlers, in whichever process runs them (src/core/work-handlers.ts in the
 * core process; main's forwarders in process-app-core.ts): the parsed input in, the answer out.
 */
export type WorkHandlers = {
  [M in keyof typeof workContract]: (
    input: z.output<(typeof workContract)[M]['input']>,
  ) =>
    | Promise<z.input<(typeof workContract)[M]['output']>>
    | z.input<(typeof workContract)[M]['output']>
}

export const workEventContract = {
  ...outboxEventContract,
  ...screeningEventContract,
  ...watchlistEventContract,
} as const

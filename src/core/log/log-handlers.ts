import type { FeatureHandlers } from '../core-context'
import { exchangeLog } from './log'

/** The exchange log's slice of the contract. */
export const logHandlers: FeatureHandlers<'exchangeLog'> = (core) => ({
  exchangeLog: (input) =>
    exchangeLog(core(), { limit: input?.limit ?? 200 }).map((entry) => ({ ...entry })),
})

import type { CoreContext } from '../core-context'
import { prepare } from '../store/store'
import { readExchangeLog } from './exchange-log'

/** Every exchange with the registry, newest first (what waited to be written is written first). */
export function exchangeLog(core: CoreContext, options?: Parameters<typeof readExchangeLog>[1]) {
  core.flushLog()
  return readExchangeLog(core.db, options)
}

/**
 * The times (ISO) of the folder's first and last exchange with the registry, null when none:
 * the period over which the folder was used (what waited to be written is written first).
 */
export function exchangeLogSpan(core: CoreContext): { first: string | null; last: string | null } {
  core.flushLog()
  const row = prepare<[], { first: string | null; last: string | null }>(
    core.db,
    'SELECT MIN(at) AS first, MAX(at) AS last FROM exchange_log',
  ).get()
  return { first: row?.first ?? null, last: row?.last ?? null }
}

// What the rest of the app uses of this folder's other files.
export { appendExchange } from './exchange-log'
export { ExchangeLogWriter } from './exchange-log-writer'
export { logHandlers } from './log-handlers'

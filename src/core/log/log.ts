import type { CoreContext } from '../core-context'
import { readExchangeLog } from './exchange-log'

/** Every exchange with the registry, newest first (what waited to be written is written first). */
export function exchangeLog(core: CoreContext, options?: Parameters<typeof readExchangeLog>[1]) {
  core.flushLog()
  return readExchangeLog(core.db, options)
}

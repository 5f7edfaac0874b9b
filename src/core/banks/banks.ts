import type { CoreContext } from '../core-context'
import { bankNameOf, banksRefreshedAt as refreshedAt, listBanks } from './banks-cache'
import { refreshBanks as refresh } from './refresh-banks'

/** The registry's bank list, saved for offline use and for checking accounts' banks. */

export function banks(core: CoreContext) {
  return listBanks(core.db)
}

/** The saved bank's name for a slug (for showing accounts as people read them). */
export function bankName(core: CoreContext, slug: string) {
  return bankNameOf(core.db, slug)
}

export function banksRefreshedAt(core: CoreContext) {
  return refreshedAt(core.db)
}

export function refreshBanks(core: CoreContext, signal?: AbortSignal) {
  return refresh(core.db, core.client, core.clock.now(), { signal })
}

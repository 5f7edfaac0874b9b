import type { CoreContext } from '../core-context'
import { bankNameOf, savedBanksAt as refreshedAt, listBanks } from './banks-cache'
import { fetchAndSaveBanks as refresh } from './refresh-banks'
import { isRegistryError } from '../registry-error'

export { bankListSize } from './banks-cache'

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

/**
 * The bank list, fetched first when this computer has none yet (a new folder, never online),
 * wherever an account needs it: import, screening, the watchlist, search. Returns why it could
 * not be fetched (the registry's words), or null; the list is then as it was, and each caller
 * says what that leaves. Anything but the registry's failure is thrown.
 */
export async function ensureBankList(
  core: CoreContext,
  signal?: AbortSignal,
): Promise<string | null> {
  if (listBanks(core.db).length > 0) return null
  try {
    await refreshBanks(core, signal)
    return null
  } catch (error) {
    if (!isRegistryError(error)) throw error
    return error.message
  }
}

// What the rest of the app uses of this folder's other files.
export { bankSlugs, listBanks } from './banks-cache'
export { banksHandlers } from './banks-handlers'

import type { CallOptions } from '../registry/registry'
import type { Db } from '../store/store'
import { savedBanksAt, listBanks, replaceBanks } from './banks-cache'
import type { BankListSource } from '../cache/cache'

export interface BanksRefresh {
  /** How many banks the cache holds now. */
  banks: number
  refreshedAt: string | undefined
  /** The registry answered with no usable bank; the list we had is kept (an empty picker helps no one). */
  keptPrevious: boolean
}

/**
 * Fetches the bank list and replaces the cached one. A failure (RegistryError) is thrown and
 * leaves the cached list as it was, so the bank picker keeps working offline.
 */
export async function fetchAndSaveBanks(
  db: Db,
  client: BankListSource,
  now: number,
  options: CallOptions = {},
): Promise<BanksRefresh> {
  const banks = await client.listBanks(options)
  if (!banks.some((bank) => bank.slug.trim() !== ''))
    return { banks: listBanks(db).length, refreshedAt: savedBanksAt(db), keptPrevious: true }
  const stored = replaceBanks(db, banks, now)
  return { banks: stored, refreshedAt: savedBanksAt(db), keptPrevious: false }
}

import type { FeatureHandlers } from '../core-context'
import { banks, banksRefreshedAt, refreshBanks } from './banks'

/** The bank list's slice of the contract. */
export const banksHandlers: FeatureHandlers<'banksList' | 'banksRefresh'> = (core) => ({
  banksList: () => ({ banks: banks(core()), refreshedAt: banksRefreshedAt(core()) ?? null }),
  banksRefresh: async () => {
    await refreshBanks(core())
    return { banks: banks(core()), refreshedAt: banksRefreshedAt(core()) ?? null }
  },
})

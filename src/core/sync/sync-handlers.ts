import type { FeatureHandlers } from '../core-context'
import { syncNow } from './sync'

/** The sync's slice of the contract. */
export const syncHandlers: FeatureHandlers<'syncNow' | 'registryReachability'> = (core) => ({
  syncNow: () => syncNow(core()),
  // The contract's fields: the refusal's facts stay in the core (the reason is in words).
  registryReachability: () => {
    const { state, reason, detail, at } = core().reachability.current()
    return { state, reason, detail, at }
  },
})

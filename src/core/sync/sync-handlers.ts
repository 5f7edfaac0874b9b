import type { FeatureHandlers } from '../core-context'
import { syncNow } from './sync'

/** The sync's slice of the contract. */
export const syncHandlers: FeatureHandlers<'syncNow' | 'registryReachability'> = (core) => ({
  syncNow: () => syncNow(core()),
  registryReachability: () => ({ ...core().reachability.current() }),
})

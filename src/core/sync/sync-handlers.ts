import type { FeatureHandlers } from '../core-context'
import { syncNow } from './sync'

/** The sync's slice of the contract. */
export const syncHandlers: FeatureHandlers<'syncNow' | 'registryReachability'> = (core) => ({
  syncNow: () => syncNow(core()),
  // The contract's fields: the reason in the core's words, and the refusal's facts behind it for
  // the window to word with its own controls.
  registryReachability: () => {
    const { state, reason, detail, at, refusal } = core().reachability.current()
    return { state, reason, detail, at, ...(refusal ? { refusal } : {}) }
  },
})

import type { CasefileCore } from '../../src/core/casefile-core'
import { forwardEngineEvents } from '../../src/core/engine-events'
import type { PushEvent } from '../../src/main/ipc/push-events'

/**
 * Forwards the sync engine's events to the page as the contract's pushed events, through the
 * same mapping the Electron shell uses. Returns the unsubscribe.
 */
export function wireCoreEvents(core: CasefileCore, push: PushEvent): () => void {
  return forwardEngineEvents(core, (event, payload) => push(event, payload))
}

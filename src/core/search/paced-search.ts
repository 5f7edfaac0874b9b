import type { CoreContext } from '../core-context'
import { isRegistryError, registryQuietMs } from '../registry-error'
import { searchPaceOf } from './search-pace'

/**
 * One search on the folder's pace: waits for its turn (or, `wait: false`, a search kept to a
 * slower pace of its own, uses one up at once), and tells the pace how it went (a
 * prompt answer raises it; a 429 or a 503 halves it, and its Retry-After is held in the folder
 * at once, so every process on it keeps the quiet).
 */
export async function pacedSearch<T>(
  core: CoreContext,
  signal: AbortSignal | undefined,
  search: () => Promise<T>,
  options: { wait?: boolean } = {},
): Promise<T> {
  const pace = searchPaceOf(core)
  const turn = options.wait === false ? pace.claimTurn() : await pace.takeTurn(signal)
  const started = Date.now()
  try {
    const result = await search()
    pace.answered(Date.now() - started)
    return result
  } catch (error) {
    if (isRegistryError(error) && (error.status === 429 || error.status === 503)) {
      pace.refused(turn)
      const quiet = registryQuietMs(error)
      if (quiet !== undefined) core.folderClock.holdQuiet(core.clock.now() + quiet)
    }
    throw error
  }
}

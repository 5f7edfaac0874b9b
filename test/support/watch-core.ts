import type { Timers } from '../../src/core/sync/timer-delay'
import type { CoreContext } from '../../src/core/core-context'
import { migrate } from '../../src/core/store/migrations'
import { FolderClock } from '../../src/core/sync/folder-clock'
import { MemoryRegistry } from './memory-registry'
import { drivenClock } from './memory-engine'
import { tempStore } from './temp-store'
import { CoreKept } from '../../src/core/core-kept'

/**
 * What the watchlist needs of a core, on a driven clock and the in-memory registry: a folder's
 * database, the clocks, the client (never quiet) and a connection that is always there.
 */
export function watchCore(prefix = 'casefile-watch-') {
  const { db } = tempStore(prefix)
  migrate(db)
  const clock = drivenClock()
  const registry = new MemoryRegistry({ now: () => clock.now(), laptop: clock })
  const folderClock = new FolderClock(db, clock)
  const core = {
    db,
    clock,
    folderClock,
    client: { ...registry.client, quietUntil: () => 0 },
    reachability: { current: () => ({ state: 'online' }), onChange: () => () => undefined },
    kept: new CoreKept(),
  } as unknown as CoreContext
  return { core, clock, registry }
}

/** Timers that only record what the watcher arms (the test fires them): and what was armed. */
export function recordingTimers(): {
  timers: Timers
  armed: { callback: () => void; ms: number }[]
} {
  const armed: { callback: () => void; ms: number }[] = []
  const timers: Timers = {
    setTimeout: (callback, ms) => armed.push({ callback, ms }),
    clearTimeout: () => undefined,
    setInterval: () => 0,
    clearInterval: () => undefined,
  }
  return { timers, armed }
}

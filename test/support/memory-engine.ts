import { draftAndQueue } from '../../src/core/outbox/queue-create'
import { chainOperations } from '../../src/core/outbox/outbox-repository'
import type { Operation } from '../../src/core/outbox/operations'
import { FolderClock } from '../../src/core/sync/folder-clock'
import type { RetryPolicy } from '../../src/core/sync/retry-policy'
import { SyncEngine } from '../../src/core/sync/sync-engine'
import type { Timers } from '../../src/core/sync/timer-delay'
import { MemoryRegistry } from './memory-registry'
import { tempStore } from './temp-store'

/*
 * A sync engine over a temp folder and the in-memory registry, on a clock the test moves: no
 * network, no waiting. Time passes only when the test says so (`clock.advance`).
 */

export const SECOND = 1000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** The policy of the real app: the tests move the clock, so nothing is shortened. */
export const MEMORY_RETRY_POLICY: RetryPolicy = {
  baseMs: 1000,
  capMs: 5 * MINUTE,
  unknownOutcomeFloorMs: 30 * SECOND,
}

/** A clock that stands still until the test moves it. */
export function drivenClock(start = Date.UTC(2026, 0, 12, 9, 0, 0)) {
  let now = start
  return {
    now: () => now,
    advance(ms: number) {
      now += ms
    },
    set(at: number) {
      now = at
    },
  }
}
export type DrivenClock = ReturnType<typeof drivenClock>

export interface MemoryEngineOptions {
  /** How far the registry's clock is ahead of this computer's (negative: behind). */
  registryAheadMs?: number
  /** The jitter's draw (0.5 by default: half of each backoff step). */
  random?: () => number
  timers?: Timers
  concurrency?: number
}

/** A data folder, its engine and the registry it sends to. Reopen the engine to restart. */
export function memoryEngine(options: MemoryEngineOptions = {}) {
  const { db, files } = tempStore('casefile-memory-')
  const clock = drivenClock()
  const registryAhead = { ms: options.registryAheadMs ?? 0 }
  let folderClock = new FolderClock(db, clock)
  const registry = new MemoryRegistry({
    now: () => clock.now() + registryAhead.ms,
    laptop: clock,
    onServerClock: (sample) => folderClock.noteAnswer(sample),
  })
  const open = () => {
    folderClock = new FolderClock(db, clock)
    return new SyncEngine({
      db,
      files,
      client: registry.client,
      holder: 'memory-test',
      clock,
      folderClock,
      random: options.random ?? (() => 0.5),
      retryPolicy: MEMORY_RETRY_POLICY,
      concurrency: options.concurrency ?? 1,
      timers: options.timers,
    })
  }
  const setup = {
    db,
    clock,
    registry,
    registryAhead,
    engine: open(),
    get folderClock() {
      return folderClock
    },
    /** A new process on the same folder: the engine and the folder's clock read again. */
    restart() {
      setup.engine = open()
      return setup.engine
    },
    /** Queues a report (its create), returning its local id. */
    queue(input: ReturnType<typeof reportInput>): string {
      const { attachments, ...rest } = input
      const result = draftAndQueue(
        db,
        { ...rest, attachmentUrls: attachments },
        { now: clock.now() },
      )
      if (!result.ok) throw new Error(result.message)
      return result.report.localId
    },
    /** The operations of a report's chain, as the outbox holds them now. */
    chain(localId: string): Operation[] {
      return chainOperations(db, localId)
    },
  }
  return setup
}

let serial = 0
/** A report to queue, unique to the test (its reason and account). */
export function reportInput(label: string) {
  serial += 1
  return {
    fraudType: 'money_mule' as const,
    fraudReason: `Memory registry case ${label} #${serial}: the account received money from several victims of one scam.`,
    identifiers: [{ label: 'phone' as const, value: `0803${String(5_000_000 + serial)}` }],
    attachments: [] as string[],
    showUploaderInfo: false,
  }
}

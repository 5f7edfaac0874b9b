import type { AttachmentFiles } from './drafts/drafts'
import type { CoreKept } from './core-kept'
import type { ConnectionSeen } from './network/network'
import type { FolderClock, SyncEngine } from './sync/sync'
import type { Reachability, RegistryClient } from './registry/registry'
import type { Db, Reader } from './store/store'
import type { WorkHandlers } from '../shared/contracts/work'

/** The time of this computer (tests drive it). What the registry stamps goes by folderClock. */
export interface Clock {
  now(): number
}

/**
 * The opened store alone, without the registry client or the engine: what a command that only
 * reads or sets the folder's own state is given (the CLI's `outbox`, `config set`), and all that
 * the functions it calls use of a running core. Every CoreContext is one.
 */
export type StoreContext = Pick<CoreContext, 'db'>

/**
 * One data folder's core, opened once (open-core.ts): what every feature module's functions
 * and handlers work over. Features take it as their first argument; none reaches round it to
 * another feature's tables, and nothing outside src/core reads `db` (the CLI and the core
 * process call the features).
 */
export interface CoreContext {
  readonly dataDir: string
  readonly db: Db
  /**
   * Reads that scan many rows, answered on a thread of their own (store/read-thread.ts) so the
   * core's loop goes on meanwhile; the database as committed when the read began.
   */
  readonly reader: Reader
  readonly client: RegistryClient
  readonly clock: Clock
  /** The registry's clock, learned from its answers and kept in the folder. */
  readonly folderClock: FolderClock
  /** The kept copies of attachments (encrypted with the folder's key). */
  readonly files: AttachmentFiles
  readonly engine: SyncEngine
  /** Whether the registry could be reached at the last exchange with it, and its changes. */
  readonly reachability: {
    current(): Reachability
    onChange(listener: (reachability: Reachability) => void): () => void
  }
  /** The exchange log's lines waiting to be written: written now (before reading the log). */
  flushLog(): void
  /** Work was queued: the engine syncs soon, if this core syncs on its own. */
  queued(): void
  /** Whether this core syncs on its own (the app) or only when asked (one-shot CLI runs). */
  readonly autoSync: boolean
  /** The last TLS connection made to the registry in this session (its route and certificate). */
  readonly connectionSeen?: () => ConnectionSeen | null
  /** Throws FolderGoneError when the folder's database is no longer the file that was opened. */
  checkFolder(): void
  /**
   * What features keep for this core while it is open (core-kept.ts): runners, a refresh in
   * flight, the search pace. Per core, never in a module.
   */
  readonly kept: CoreKept
}

/** A feature's slice of the contract: its handlers, over the running core (read at each call). */
export type FeatureHandlers<K extends keyof WorkHandlers> = (
  core: () => CoreContext,
) => Pick<WorkHandlers, K>

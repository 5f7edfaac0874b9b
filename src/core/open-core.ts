import { join } from 'node:path'
import { CoreKept } from './core-kept'
import { registryOrigins } from '../shared/registry-address'
import { AttachmentFiles, attachmentKeys } from './drafts/drafts'
import type { Clock, CoreContext } from './core-context'
import { ExchangeLogWriter } from './log/log'
import type { ConnectionSeen, NetworkSettings } from './network/network'
import { bindOutboxOrigin } from './outbox/outbox'
import { tightenPrivateTree } from './private-files'
import {
  ReachabilityWatch,
  createRegistryClient,
  type RegistryConnection,
} from './registry/registry'
import {
  ATTACHMENTS_DIR,
  DATABASE_FILE,
  openDatabase,
  assertSameFile,
  fileIdentity,
  startReader,
  startWalCheckpointer,
  isHolderAlive,
  processHolder,
} from './store/store'
import { markUnlisted, upsertOwnSubmission } from './cache/cache'
import { FolderClock, type RetryPolicy, SyncEngine } from './sync/sync'
import { pacedSearch } from './search/search'

export interface CoreOptions {
  /** The data folder of one connection profile: casefile.db and attachments/ live here. */
  dataDir: string
  connection: RegistryConnection
  getApiKey: () => string | undefined | Promise<string | undefined>
  clock?: Clock
  concurrency?: number
  retryPolicy?: RetryPolicy
  /** Source of the retry jitter (tests make it certain). */
  random?: () => number
  timeoutMs?: number
  uploadTimeoutMs?: number
  userAgent?: string
  /**
   * The user confirmed that work queued for another registry may go to this one (the app's
   * dialog, the CLI's --confirm-registry-change). Without it, a data folder opened with a new
   * registry while work waits stays paused (outbox-origin.ts).
   */
  acceptOriginChange?: boolean
  /** Sync on its own (on enqueue, every few minutes, at retry times); off for one-shot CLI runs. */
  autoSync?: boolean
  /**
   * The data folder's key (openDataFolder gives it): the database and the kept attachments are
   * encrypted with it. The app and the CLI always pass one; without it the folder is plain,
   * which only tests and the benchmarks' plain baseline use.
   */
  folderKey?: Buffer
  /** The proxy and certificates to reach the registry with (registry-transport.ts). */
  network?: NetworkSettings
}

export { ATTACHMENTS_DIR, DATABASE_FILE }

/** A data folder's core, open: the context the features work over, and its close. */
export interface Core extends CoreContext {
  /** Stops syncing (in-flight requests finish or are recorded as outcome-unknown), then closes the store. */
  close(graceMs?: number): Promise<void>
}

/**
 * Opens Casefile's core for one data folder, wired once: the store, the registry client (every
 * exchange appended to the local log), the registry's clock and the sync engine. The core
 * process, the CLI and the web test harness all open it so, and call the feature modules over it.
 */
export function openCore(options: CoreOptions): Core {
  const { dataDir } = options
  const clock = options.clock ?? { now: () => Date.now() }
  const dbPath = join(dataDir, DATABASE_FILE)
  // Folders 0700, files 0600, whatever the umask or an older version left (private-files.ts).
  tightenPrivateTree(dataDir)
  const db = openDatabase(dbPath, options.folderKey)
  // The database file opened, to notice the folder deleted or replaced under us (checkFolder).
  const dbFile = fileIdentity(dbPath)
  const checkFolder = () => assertSameFile(dbFile, dbPath, dataDir)
  // WAL pages are copied into the database file from a thread of its own (wal-checkpointer.ts).
  const checkpointer = startWalCheckpointer(db, dbPath, options.folderKey)
  const reader = startReader(db, dbPath, options.folderKey)
  const files = new AttachmentFiles(
    join(dataDir, ATTACHMENTS_DIR),
    options.folderKey ? attachmentKeys(options.folderKey) : null,
  )
  const folderClock = new FolderClock(db, clock)
  const log = new ExchangeLogWriter(db)
  const reachability = new ReachabilityWatch()
  let lastConnection: ConnectionSeen | null = null
  const client = createRegistryClient(options.connection, {
    getApiKey: options.getApiKey,
    timeoutMs: options.timeoutMs,
    uploadTimeoutMs: options.uploadTimeoutMs,
    userAgent: options.userAgent,
    network: {
      ...options.network,
      onConnection: (seen) => {
        lastConnection = seen
        options.network?.onConnection?.(seen)
      },
    },
    onServerClock: (sample) => folderClock.noteAnswer(sample),
    onExchange: (entry) => {
      log.push(entry)
      reachability.note(entry, clock.now())
    },
  })
  // Before the engine can send anything: work queued for another registry waits for a yes.
  bindOutboxOrigin(db, registryOrigins(options.connection), {
    accept: options.acceptOriginChange === true,
    now: clock.now(),
  })
  // A quiet the registry asked for before this process started (a crash, the app beside) holds.
  const quietFor = folderClock.quietUntil() - clock.now()
  if (quietFor > 0) client.holdQuiet(quietFor)
  // The outbox's searches (a lost create looked for among the organization's reports) use up
  // turns of the folder's search pace, as the watchlist's do: a screening beside them leaves
  // room (search-pace.ts). Called only once the engine runs, after `core` below is set.
  // Every other call is the core's client's own, looked up when made (a copy of its methods
  // would miss one replaced later, as a test's watch on createReport does).
  const pacedSearches: Pick<typeof client, 'searchReports'> = {
    searchReports: (input, o) =>
      pacedSearch(core, o?.signal, () => client.searchReports(input, o), { wait: false }),
  }
  const outboxClient = Object.assign(Object.create(client) as typeof client, pacedSearches)
  const engine = new SyncEngine({
    db,
    files,
    client: outboxClient,
    holder: processHolder(),
    isHolderAlive,
    clock,
    folderClock,
    concurrency: options.concurrency,
    retryPolicy: options.retryPolicy,
    random: options.random,
    // The submissions cache follows what the outbox just did, so offline search sees it.
    onReportSynced: ({ registryId, change, record }) => {
      if (change === 'unlisted') markUnlisted(db, registryId, clock.now())
      else if (record) upsertOwnSubmission(db, record, clock.now())
    },
    // The exchange log rides along in the outbox's own commits (no disk sync of its own).
    // Every commit first checks that the folder is still there: a sync whose folder was
    // deleted must not go on sending and recording into a file nobody will open again.
    alsoInCommit: () => {
      checkFolder()
      log.writeInCommit()
    },
  })
  const autoSync = options.autoSync === true
  const core: Core = {
    connectionSeen: () => lastConnection,
    dataDir,
    db,
    reader,
    client,
    clock,
    folderClock,
    files,
    engine,
    reachability,
    autoSync,
    checkFolder,
    kept: new CoreKept(),
    flushLog: () => log.flush(),
    queued: () => {
      if (autoSync) engine.kick()
    },
    async close(graceMs) {
      await engine.stop(graceMs)
      client.close()
      log.flushQuietly()
      await reader.close()
      await checkpointer?.close()
      db.close()
    },
  }
  if (autoSync) engine.start()
  return core
}

import { checkOwnReportId } from './outbox/own-report-check'
import { freshestContent } from './outbox/freshest-content'
import { EventEmitter } from 'node:events'
import { join } from 'node:path'
import type { DraftInput } from './drafts/draft'
import { AttachmentFiles } from './attachments/attachment-files'
import { addAttachment, listAttachments, removeAttachment } from './attachments/attachment-store'
import { attachmentKeys } from './encryption/attachment-cipher'
import {
  createDraft,
  discardDraft,
  findReport,
  getReport,
  listReports,
  saveDraft,
} from './drafts/drafts-repository'
import { appendExchange, readExchangeLog } from './log/exchange-log'
import { isHolderAlive, processHolder } from './sync/lease-holder'
import { countPending, getOperation, listFinished } from './outbox/outbox-repository'
import {
  discardOperation,
  editAndRequeue,
  queueReport,
  queueUnlist,
  queueUpdate,
  retryNow,
  tryDraftAndQueue,
  type QueueResult,
} from './outbox/queue-report'
import { SyncEngine, type Clock } from './sync/sync-engine'
import { FolderClock } from './sync/folder-clock'
import type { RetryPolicy } from './sync/retry-policy'
import { outboxSnapshot } from './outbox/outbox-snapshot'
import { resumeSync } from './sync/sync-state'
import {
  createRegistryClient,
  type ExchangeLogEntry,
  type RegistryClient,
  type RegistryConnection,
} from './registry/registry-client'
import {
  reachabilityOf,
  sameReachability,
  UNKNOWN_REACHABILITY,
  type Reachability,
} from './registry/reachability'
import { ATTACHMENTS_DIR, DATABASE_FILE } from './store/folder-layout'
import { openDatabase, type Db } from './store/open-database'
import { assertSameFile, fileIdentity, type FileIdentity } from './store/storage-failure'
import { startWalCheckpointer, type WalCheckpointer } from './store/wal-checkpointer'
import { tightenPrivateTree } from './private-files'
import type { NetworkSettings } from './network/registry-transport'
import { bindOutboxOrigin } from './outbox/outbox-origin'
import { registryOrigins } from '../shared/registry-address'
import {
  bankNameOf,
  bankSlugs,
  banksRefreshedAt,
  listBanks,
  markUnlisted,
  upsertOwnSubmission,
} from './cache'
import { refreshBanks } from './cache/refresh-banks'
import { refreshSubmissions, type SubmissionsRefreshOptions } from './cache/refresh-submissions'
import { searchOffline } from './cache/offline-search'
import { searchOnline } from './cache/search-online'
import { onFileFromAnswer, onFileFromCache, type OnFileAnswer } from './cache/on-file'
import { searchReasonsOffline } from './cache/reason-search'
import {
  countOwnSubmissions,
  listOwnSubmissions,
  type OwnSubmissionsQuery,
} from './cache/own-submissions'
import { getCachedReport } from './cache/reports-cache'
import type { IdentifierQuery } from './cache/searches-cache'
import type { ReportSynced } from './sync/sync-engine'
import type { OperationState } from './outbox/operations'

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

/**
 * Casefile's core for one data folder, wired once: the store, the registry client (every
 * exchange appended to the local log), the outbox and its sync engine. The desktop shell, the
 * CLI and the web test harness all drive this same object.
 */
export class CasefileCore {
  readonly db: Db
  readonly client: RegistryClient
  readonly engine: SyncEngine
  readonly dataDir: string
  readonly files: AttachmentFiles
  private readonly clock: Clock
  /** The registry's clock, learned from its answers and kept in the folder. */
  readonly folderClock: FolderClock
  private readonly checkpointer: WalCheckpointer | null
  /** The database file opened, to notice the folder deleted or replaced under us (checkFolder). */
  private readonly dbFile: FileIdentity | null

  constructor(private readonly options: CoreOptions) {
    this.dataDir = options.dataDir
    this.clock = options.clock ?? { now: () => Date.now() }
    // Folders 0700, files 0600, whatever the umask or an older version left (private-files.ts).
    tightenPrivateTree(options.dataDir)
    this.db = openDatabase(join(options.dataDir, DATABASE_FILE), options.folderKey)
    this.dbFile = fileIdentity(join(options.dataDir, DATABASE_FILE))
    // WAL pages are copied into the database file from a thread of its own (wal-checkpointer.ts).
    this.checkpointer = startWalCheckpointer(
      this.db,
      join(options.dataDir, DATABASE_FILE),
      options.folderKey,
    )
    this.files = new AttachmentFiles(
      join(options.dataDir, ATTACHMENTS_DIR),
      options.folderKey ? attachmentKeys(options.folderKey) : null,
    )
    this.folderClock = new FolderClock(this.db, this.clock)
    this.client = createRegistryClient(options.connection, {
      getApiKey: options.getApiKey,
      timeoutMs: options.timeoutMs,
      uploadTimeoutMs: options.uploadTimeoutMs,
      userAgent: options.userAgent,
      network: options.network,
      onServerClock: (sample) => this.folderClock.noteAnswer(sample),
      onExchange: (entry) => {
        this.logExchange(entry)
        this.noteReachability(entry)
      },
    })
    // Before the engine can send anything: work queued for another registry waits for a yes.
    bindOutboxOrigin(this.db, registryOrigins(options.connection), {
      accept: options.acceptOriginChange === true,
      now: this.now(),
    })
    // A quiet the registry asked for before this process started (a crash, the app beside) holds.
    const quietFor = this.folderClock.quietUntil() - this.now()
    if (quietFor > 0) this.client.holdQuiet(quietFor)
    this.engine = new SyncEngine({
      db: this.db,
      files: this.files,
      client: this.client,
      holder: processHolder(),
      isHolderAlive,
      clock: this.clock,
      folderClock: this.folderClock,
      concurrency: options.concurrency,
      retryPolicy: options.retryPolicy,
      random: options.random,
      onReportSynced: (change) => this.cacheSynced(change),
      // The exchange log rides along in the outbox's own commits (no disk sync of its own).
      // Every commit first checks that the folder is still there: a sync whose folder was
      // deleted must not go on sending and recording into a file nobody will open again.
      alsoInCommit: () => {
        this.checkFolder()
        this.writeLog()
      },
    })
    if (options.autoSync) this.engine.start()
  }

  private now(): number {
    return this.clock.now()
  }

  /**
   * Throws FolderGoneError when the data folder's database is no longer the file this core
   * opened (the folder was deleted, moved or replaced while in use).
   */
  checkFolder(): void {
    assertSameFile(this.dbFile, join(this.dataDir, DATABASE_FILE), this.dataDir)
  }

  /**
   * Runs `work` in one transaction; the attachment copies it wrote are removed again if it
   * throws, so a refusal (a full disk, a report that is not valid) leaves nothing half-made.
   */
  inOneTransaction<T>(work: () => T): T {
    return this.files.undoable(() => this.db.transaction(work)())
  }

  private reach: Reachability = UNKNOWN_REACHABILITY
  private readonly reachEvents = new EventEmitter()

  /** Every exchange with the registry says whether it can be reached; the window is told of changes. */
  private noteReachability(entry: ExchangeLogEntry): void {
    const found = reachabilityOf(entry, this.now())
    if (!found) return
    const changed = !sameReachability(found, this.reach)
    this.reach = found
    if (changed) this.reachEvents.emit('change', found)
  }

  /** Whether the registry could be reached at the last exchange with it (any call, not only sync). */
  reachability(): Reachability {
    return this.reach
  }

  onReachability(listener: (reachability: Reachability) => void): () => void {
    this.reachEvents.on('change', listener)
    return () => this.reachEvents.off('change', listener)
  }

  private logBuffer: ExchangeLogEntry[] = []
  private logTimer: NodeJS.Timeout | null = null

  /**
   * The exchange log is written in batches (at most every 100 ms and at close): it is a record
   * for the user, not state, so it need not cost a disk sync per request. A crash may lose the
   * last 100 ms of log lines, never an outbox change.
   */
  private logExchange(entry: ExchangeLogEntry): void {
    this.logBuffer.push(entry)
    this.logTimer ??= setTimeout(() => this.flushLogQuietly(), 100)
  }

  private flushLog(): void {
    if (this.logBuffer.length > 0 && this.db.open) this.db.transaction(() => this.writeLog())()
    else this.writeLog()
  }

  /**
   * The log lines cannot be written (a full disk): they are dropped rather than thrown from a
   * timer or over the failure that matters; the outbox's own writes say what went wrong.
   */
  private flushLogQuietly(): void {
    try {
      this.flushLog()
    } catch {
      // Dropped: writeLog took them from the buffer.
    }
  }

  /** Appends the buffered log lines in the caller's transaction. */
  private writeLog(): void {
    if (this.logTimer) clearTimeout(this.logTimer)
    this.logTimer = null
    const entries = this.logBuffer.splice(0)
    if (entries.length > 0 && this.db.open)
      entries.forEach((entry) => appendExchange(this.db, entry))
  }

  /** Keeps the submissions cache in step with what the outbox just did, so offline search sees it. */
  private cacheSynced({ registryId, change, record }: ReportSynced): void {
    if (change === 'unlisted') markUnlisted(this.db, registryId, this.now())
    else if (record) upsertOwnSubmission(this.db, record, this.now())
  }

  /** Bank slugs of the cached list (empty before the first refresh: then slugs are not checked). */
  private slugs(): ReadonlySet<string> {
    return bankSlugs(this.db)
  }

  /** Something was queued outside the methods below (an import): sync soon if syncing on our own. */
  notifyQueued(): void {
    if (this.options.autoSync) this.engine.kick()
  }

  private queued(result: QueueResult): QueueResult {
    if (result.ok && this.options.autoSync) this.engine.kick()
    return result
  }

  // Drafts
  createDraft(input: DraftInput = {}) {
    return createDraft(this.db, input, { now: this.now() })
  }
  saveDraft(localId: string, input: DraftInput) {
    return saveDraft(this.db, localId, input, this.now())
  }
  discardDraft(localId: string) {
    discardDraft(this.db, localId, this.now())
  }
  getReport(localId: string) {
    return getReport(this.db, localId)
  }
  findReport(localOrRegistryId: string) {
    return findReport(this.db, localOrRegistryId)
  }
  /** The local record of a registry report, made (as submitted) if this folder has never seen it. */
  localRecordOf(localOrRegistryId: string) {
    return (
      findReport(this.db, localOrRegistryId) ??
      createDraft(
        this.db,
        {},
        { now: this.now(), origin: 'registry', registryId: localOrRegistryId, status: 'submitted' },
      )
    )
  }
  /** The freshest known content of a report, for an update to change (see freshest-content.ts). */
  freshestContent(localId: string, options: { signal?: AbortSignal } = {}) {
    return freshestContent(this.db, this.client, getReport(this.db, localId), options)
  }
  /** Whether an id names one of the organization's reports: locally, in the cache, or on the registry. */
  checkOwnReportId(localOrRegistryId: string, options: { signal?: AbortSignal } = {}) {
    return checkOwnReportId(this.db, this.client, localOrRegistryId, options)
  }
  listReports(options?: Parameters<typeof listReports>[1]) {
    return listReports(this.db, options)
  }
  addAttachment(localId: string, source: Parameters<typeof addAttachment>[3]) {
    return addAttachment(this.db, this.files, localId, source, this.now())
  }
  listAttachments(localId: string) {
    return listAttachments(this.db, localId)
  }
  removeAttachment(id: string) {
    removeAttachment(this.db, id)
  }

  // The outbox
  queueReport(localId: string) {
    return this.queued(queueReport(this.db, localId, { now: this.now(), bankSlugs: this.slugs() }))
  }
  submit(input: DraftInput, options: { origin?: string } = {}) {
    return this.queued(
      tryDraftAndQueue(this.db, input, { now: this.now(), bankSlugs: this.slugs(), ...options }),
    )
  }
  /** Drafts and queues many reports in one transaction (one disk sync for the batch); one result each. */
  submitMany(inputs: readonly DraftInput[], options: { origin?: string } = {}): QueueResult[] {
    const bankSlugs = this.slugs()
    const results = this.db.transaction(() =>
      inputs.map((input) =>
        tryDraftAndQueue(this.db, input, { now: this.now(), bankSlugs, ...options }),
      ),
    )()
    if (results.some((r) => r.ok) && this.options.autoSync) this.engine.kick()
    return results
  }
  queueUpdate(localOrRegistryId: string, input: DraftInput) {
    return this.queued(
      queueUpdate(this.db, localOrRegistryId, input, { now: this.now(), bankSlugs: this.slugs() }),
    )
  }
  queueUnlist(localOrRegistryId: string, options: { note?: string } = {}) {
    return this.queued(queueUnlist(this.db, localOrRegistryId, { now: this.now(), ...options }))
  }
  retryNow(operationId: number) {
    const op = retryNow(this.db, operationId, this.now())
    if (this.options.autoSync) this.engine.kick()
    return op
  }
  discardOperation(operationId: number) {
    return discardOperation(this.db, operationId, this.now())
  }
  editAndRequeue(operationId: number, input: DraftInput) {
    return this.queued(
      editAndRequeue(this.db, operationId, input, { now: this.now(), bankSlugs: this.slugs() }),
    )
  }
  /** Makes every item waiting to retry due now (not those whose outcome is being reconciled). */
  private wakeWaiting(): void {
    this.db
      .prepare(
        "UPDATE operations SET next_attempt_at = ? WHERE state = 'waiting_retry' AND outcome_unknown = 0",
      )
      .run(this.now())
  }
  /** The connection came back (the shell hears it from the OS): send what waited, now. */
  connectivityChanged(online: boolean) {
    if (!online) return
    // Waiting operations were waiting for the network, not for their backoff to run out.
    this.wakeWaiting()
    if (this.options.autoSync) this.engine.kick()
  }
  /** The person asked to sync now: everything waiting goes now, not at its next retry time. */
  syncNow() {
    this.wakeWaiting()
    return this.engine.runOnce()
  }
  /** The key was replaced: lift a pause caused by the old one and try again. */
  resumeAfterKeyChange() {
    resumeSync(this.db)
    if (this.options.autoSync) this.engine.kick()
  }
  outbox(states?: readonly OperationState[]) {
    return outboxSnapshot(this.db, states)
  }
  /** The outbox's counts without its operations (what the status bar and events need). */
  outboxCounts() {
    const counts = countPending(this.db)
    return {
      counts,
      pending: counts.queued + counts.sending + counts.waiting_retry + counts.needs_attention,
    }
  }
  /** What was sent or discarded, newest first: the outbox's history, kept with the database. */
  outboxHistory(options: Parameters<typeof listFinished>[1]) {
    return listFinished(this.db, options)
  }
  getOperation(id: number) {
    return getOperation(this.db, id)
  }
  exchangeLog(options?: Parameters<typeof readExchangeLog>[1]) {
    this.flushLog()
    return readExchangeLog(this.db, options)
  }

  // Banks, submissions and search (online, with the cache as fallback and for offline use)
  banks() {
    return listBanks(this.db)
  }
  /** The cached bank's name for a slug (for showing accounts as people read them). */
  bankName(slug: string) {
    return bankNameOf(this.db, slug)
  }
  banksRefreshedAt() {
    return banksRefreshedAt(this.db)
  }
  refreshBanks(signal?: AbortSignal) {
    return refreshBanks(this.db, this.client, this.now(), { signal })
  }
  refreshSubmissions(options: Omit<SubmissionsRefreshOptions, 'now'> = {}) {
    return refreshSubmissions(this.db, this.client, { now: this.now(), ...options })
  }
  submissions(query: OwnSubmissionsQuery) {
    return { rows: listOwnSubmissions(this.db, query), total: countOwnSubmissions(this.db, query) }
  }
  cachedReport(id: string) {
    return getCachedReport(this.db, id)
  }
  search(query: IdentifierQuery, options: { offline?: boolean; signal?: AbortSignal } = {}) {
    return options.offline
      ? Promise.resolve(searchOffline(this.db, query, this.now()))
      : searchOnline(this.db, this.client, query, this.now(), { signal: options.signal })
  }
  /**
   * The reports already on file for each identifier: from the cache, or (online) from the
   * registry, one search each, falling back to the cache with the reason when it cannot answer.
   */
  async onFile(
    queries: readonly IdentifierQuery[],
    options: { online?: boolean } = {},
  ): Promise<OnFileAnswer[]> {
    if (!options.online) return queries.map((query) => onFileFromCache(this.db, query))
    return Promise.all(
      queries.map(async (query): Promise<OnFileAnswer> => {
        let answer
        try {
          answer = await this.search(query)
        } catch (error) {
          return {
            ...onFileFromCache(this.db, query),
            source: 'offline',
            reason: error instanceof Error ? error.message : String(error),
          }
        }
        if (answer.source !== 'online')
          return {
            ...onFileFromCache(this.db, query),
            source: 'offline',
            reason: answer.offlineReason?.message ?? null,
          }
        return onFileFromAnswer(this.db, query, answer)
      }),
    )
  }
  searchReasons(text: string, limit?: number) {
    return searchReasonsOffline(this.db, text, { limit })
  }

  /** Stops syncing (in-flight requests finish or are recorded as outcome-unknown), then closes the store. */
  async close(graceMs?: number): Promise<void> {
    await this.engine.stop(graceMs)
    this.client.close()
    this.flushLogQuietly()
    await this.checkpointer?.close()
    this.db.close()
  }
}

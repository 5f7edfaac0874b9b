import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { keyPragmas, type Db } from './open-database'
import { closeThread } from './thread-close'

/**
 * WAL pages after which the store's own connection still checkpoints by itself, in its own
 * thread: a backstop for a checkpointer that fell behind or could not start (SQLite's default,
 * 1000 pages, is what the connection keeps until the checkpointer says it is ready).
 */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000

/** How long closing waits for the thread to finish starting and checkpoint, before stopping it. */
const CLOSE_WAIT_MS = 10_000

/** How often the checkpointer looks at the WAL: soon after it found work, backing off when idle. */
const POLL_MS = { busy: 50, idleMax: 5000 }

/**
 * The checkpointer's thread, as source (eval'd, so no bundle needs a second entry for it): its
 * own connection to the same database, which copies committed WAL pages into the database file
 * (PRAGMA wal_checkpoint(PASSIVE): never blocks the writer or a reader), polling faster while
 * there is work. Messages: 'ready' once open; 'close' from the core, answered with 'closed'.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.modulePath)
const db = new Database(workerData.path, { fileMustExist: true })
for (const pragma of workerData.keyPragmas) db.pragma(pragma)
db.pragma('busy_timeout = 5000')
db.prepare('SELECT count(*) FROM sqlite_schema').get()
let wait = workerData.busyMs
let timer = null
const checkpoint = () => {
  const [row] = db.pragma('wal_checkpoint(PASSIVE)')
  return row && row.log > 0 && row.checkpointed > 0
}
const poll = () => {
  let copied = false
  try { copied = checkpoint() } catch { copied = false }
  wait = copied ? workerData.busyMs : Math.min(workerData.idleMaxMs, wait * 2)
  timer = setTimeout(poll, wait)
}
parentPort.on('message', (message) => {
  if (message !== 'close') return
  clearTimeout(timer)
  try { checkpoint() } catch {}
  try { db.close() } catch {}
  parentPort.postMessage('closed')
})
timer = setTimeout(poll, wait)
parentPort.postMessage('ready')
`

/**
 * Copies the WAL into the database file from a thread of its own, so the core's thread only
 * appends to the WAL. On an encrypted folder a checkpoint decrypts every page it copies and
 * encrypts it again: done by the connection that wrote it, that was a third of a 50,000-row
 * import's time with SQLCipher 4's page cipher. Durability does not depend on it: a commit is
 * durable once it is in the WAL and synced (synchronous=FULL); the checkpoint only moves it into
 * the main file.
 * If the thread cannot start, the connection keeps checkpointing itself as before.
 */
export class WalCheckpointer {
  private readonly worker: Worker
  private ready = false
  /** The thread has ended (it could not start, or it closed): nothing to wait for. */
  private exited = false
  private closing: Promise<void> | null = null

  /** `modulePath`: the SQLite binding the thread loads (tests give a wrong one to see it fail). */
  constructor(
    db: Db,
    path: string,
    key?: Buffer,
    modulePath = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers'),
  ) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        modulePath,
        path,
        keyPragmas: key ? keyPragmas(key) : [],
        busyMs: POLL_MS.busy,
        idleMaxMs: POLL_MS.idleMax,
      },
    })
    this.worker.unref()
    this.worker.once('exit', () => {
      this.exited = true
    })
    this.worker.on('message', (message) => {
      if (message !== 'ready') return
      this.ready = true
      if (db.open) db.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`)
    })
    this.worker.on('error', (error) => {
      // The connection goes back to checkpointing itself, as SQLite does by default.
      this.ready = false
      if (db.open) db.pragma('wal_autocheckpoint = 1000')
      if (!this.closing)
        console.error(
          `[casefile] background WAL checkpoints stopped (${error.message}); the store checkpoints itself.`,
        )
    })
  }

  /**
   * Ends the thread, after a last checkpoint (thread-close.ts: asked, never terminated while it
   * loads the native module, which a one-shot CLI command or a test closing at once used to
   * risk). Call before closing the core's connection.
   */
  close(): Promise<void> {
    this.closing ??= this.exited ? Promise.resolve() : closeThread(this.worker, CLOSE_WAIT_MS)
    return this.closing
  }
}

/** A checkpointer for the store, or null where a thread cannot be started (the connection checkpoints itself). */
export function startWalCheckpointer(db: Db, path: string, key?: Buffer): WalCheckpointer | null {
  if (path === ':memory:') return null
  try {
    return new WalCheckpointer(db, path, key)
  } catch (error) {
    console.error(
      `[casefile] background WAL checkpoints unavailable (${(error as Error).message}); the store checkpoints itself.`,
    )
    return null
  }
}

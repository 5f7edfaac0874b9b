import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { keyPragmas, type Db } from './open-database'
import { prepare } from './prepare'
import { closeThread } from './thread-close'
import { readTransaction } from './write-transaction'

/**
 * One query of a read: `get` for the first row (or undefined), else every row. Parameters as
 * better-sqlite3 binds them (an array, or an object of named values); only values a structured
 * clone carries (numbers, strings, null, buffers).
 */
export interface ReadQuery {
  sql: string
  params?: readonly unknown[] | Record<string, unknown>
  get?: boolean
}

/** Reads a question is allowed to wait for, before the thread is taken as stuck and left. */
const READ_LIMIT_MS = 60_000
/** How long closing waits for the thread to finish a read and close, before stopping it. */
const CLOSE_WAIT_MS = 10_000

/**
 * The reading thread, as source (eval'd, as the WAL checkpointer's: no bundle needs a second
 * entry): its own connection to the same database, query-only, that answers each batch of
 * queries in one read transaction (the same snapshot for all of them). Messages: 'ready' once
 * open; { id, queries } answered with { id, results } or { id, error }; 'close' answered with
 * 'closed'.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.modulePath)
const db = new Database(workerData.path, { fileMustExist: true })
for (const pragma of workerData.keyPragmas) db.pragma(pragma)
db.pragma('busy_timeout = 5000')
db.pragma('query_only = 1')
db.prepare('SELECT count(*) FROM sqlite_schema').get()
const statements = new Map()
const statement = (sql) => {
  let found = statements.get(sql)
  if (!found) {
    found = db.prepare(sql)
    statements.set(sql, found)
  }
  return found
}
const run = (query) => {
  const s = statement(query.sql)
  const params = query.params === undefined ? [] : Array.isArray(query.params) ? query.params : [query.params]
  return query.get ? s.get(...params) : s.all(...params)
}
const batch = db.transaction((queries) => queries.map(run))
parentPort.on('message', (message) => {
  if (message === 'close') {
    try { db.close() } catch {}
    parentPort.postMessage('closed')
    return
  }
  try {
    parentPort.postMessage({ id: message.id, results: batch.deferred(message.queries) })
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: String(error && error.message), code: error && error.code } })
  }
})
parentPort.postMessage('ready')
`

/**
 * How soon a read is answered. 'first': a person waits on it (a search typed in the window):
 * it goes ahead of every read not yet begun. 'in turn': counts and polls (Insights, a screening
 * job's progress), answered in the order asked.
 */
export type ReadTurn = 'first' | 'in turn'

interface Waiting {
  queries: readonly ReadQuery[]
  turn: ReadTurn
  resolve: (results: unknown[]) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout
}

/**
 * Answers reads that scan many rows (a saved-copy search through 20,000 queued drafts, the
 * Insights counts over every own report) on a thread of their own, so the core's event loop
 * goes on with the window's calls and the jobs meanwhile. The answer is the database as
 * committed when the read began (WAL: a reader never waits for the writer). Until the thread
 * is ready, or when it cannot start or fails, reads run on the core's connection as before:
 * a read is never refused for want of a thread.
 */
export class ReadThread {
  private readonly worker: Worker
  private ready = false
  private started: (up: boolean) => void = () => undefined
  /** Whether the thread came up (true) or reads stay on the core's connection (false). */
  readonly onThread = new Promise<boolean>((resolve) => {
    this.started = resolve
  })
  private broken = false
  private closing: Promise<void> | null = null
  private nextId = 1
  private readonly waiting = new Map<number, Waiting>()
  /**
   * Reads asked but not yet given to the thread, in the order they will be: the thread has one
   * read at a time, so a read asked 'first' passes every read still here (given to the thread
   * at once, it would wait behind all of them in the thread's own queue).
   */
  private readonly line: number[] = []
  private given: number | null = null

  constructor(
    private readonly db: Db,
    path: string,
    key?: Buffer,
    modulePath = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers'),
  ) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath, path, keyPragmas: key ? keyPragmas(key) : [] },
    })
    this.worker.unref()
    this.worker.on('message', (message: unknown) => {
      if (message === 'ready') {
        this.ready = true
        this.started(true)
      } else if (typeof message === 'object' && message !== null && 'id' in message)
        this.answered(message as { id: number; results?: unknown[]; error?: { message: string } })
    })
    const stop = () => {
      this.started(false)
      this.broken = true
      this.ready = false
      for (const [id, waiting] of this.waiting) {
        clearTimeout(waiting.timer)
        this.waiting.delete(id)
        // Asked again on the core's connection: the thread's end is not the reader's concern.
        try {
          waiting.resolve(this.readHere(waiting.queries))
        } catch (error) {
          waiting.reject(error as Error)
        }
      }
    }
    this.worker.on('error', stop)
    this.worker.once('exit', stop)
  }

  /** Runs the queries in one read transaction and gives their results in order. */
  read(queries: readonly ReadQuery[], turn: ReadTurn = 'in turn'): Promise<unknown[]> {
    if (!this.ready || this.broken || this.closing) return Promise.resolve(this.readHere(queries))
    const id = this.nextId++
    return new Promise<unknown[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        const inLine = this.line.indexOf(id)
        if (inLine >= 0) this.line.splice(inLine, 1)
        // A thread stuck this long is left; this read and the next ones run here.
        this.broken = true
        void this.worker.terminate()
        try {
          resolve(this.readHere(queries))
        } catch (error) {
          reject(error as Error)
        }
      }, READ_LIMIT_MS)
      this.waiting.set(id, { queries, turn, resolve, reject, timer })
      const after =
        turn === 'first'
          ? this.line.findIndex((other) => this.waiting.get(other)?.turn !== 'first')
          : -1
      this.line.splice(after < 0 ? this.line.length : after, 0, id)
      this.next()
    })
  }

  /** Gives the thread the next read in line, when it has none in hand. */
  private next() {
    if (this.given !== null || this.broken) return
    const id = this.line.shift()
    const waiting = id === undefined ? undefined : this.waiting.get(id)
    if (id === undefined || !waiting) return
    this.given = id
    this.worker.postMessage({ id, queries: waiting.queries })
  }

  private answered(message: { id: number; results?: unknown[]; error?: { message: string } }) {
    if (this.given === message.id) this.given = null
    this.next()
    const waiting = this.waiting.get(message.id)
    if (!waiting) return
    this.waiting.delete(message.id)
    clearTimeout(waiting.timer)
    if (message.results) waiting.resolve(message.results)
    else waiting.reject(new Error(message.error?.message ?? 'The read failed.'))
  }

  private readHere(queries: readonly ReadQuery[]): unknown[] {
    return readTransaction(this.db, () => queries.map((query) => runQuery(this.db, query)))
  }

  /** Ends the thread once its read in hand is answered (thread-close.ts). Call before closing the core's connection. */
  close(): Promise<void> {
    this.closing ??= this.broken ? Promise.resolve() : closeThread(this.worker, CLOSE_WAIT_MS)
    return this.closing
  }
}

function runQuery(db: Db, query: ReadQuery): unknown {
  const statement = prepare<unknown[], unknown>(db, query.sql)
  const params =
    query.params === undefined ? [] : Array.isArray(query.params) ? query.params : [query.params]
  return query.get ? statement.get(...params) : statement.all(...params)
}

/** The reads of a core: on their own thread where one can start, else on the core's connection. */
export interface Reader {
  /** `turn`: 'first' for a read a person waits on, ahead of counts and polls not yet begun. */
  read(queries: readonly ReadQuery[], turn?: ReadTurn): Promise<unknown[]>
  /** Starts the thread (the app does at its start); resolves to whether reads go to it. */
  warmUp(): Promise<boolean>
  close(): Promise<void>
}

/**
 * The store's reader. Its thread starts only when asked (warmUp: the app does, at its start): a
 * one-shot `casefile` command or a test reads once or twice, and would pay more for a second
 * connection (a thread loading the native module, opening and keying the database, waited for
 * at close) than it saves. Reads asked before the thread is up, without one, and every read
 * of an in-memory store, run on the connection.
 */
export function startReader(db: Db, path: string, key?: Buffer, modulePath?: string): Reader {
  const here = (queries: readonly ReadQuery[]) =>
    Promise.resolve(readTransaction(db, () => queries.map((query) => runQuery(db, query))))
  let thread: ReadThread | null = null
  let closed = false
  const started = (): ReadThread | null => {
    if (thread || closed || path === ':memory:') return thread
    try {
      thread = new ReadThread(db, path, key, modulePath)
    } catch {
      closed = true
    }
    return thread
  }
  return {
    read: (queries, turn) => thread?.read(queries, turn) ?? here(queries),
    warmUp: () =>
      closed ? Promise.resolve(false) : (started()?.onThread ?? Promise.resolve(false)),
    close: async () => {
      closed = true
      await thread?.close()
    },
  }
}

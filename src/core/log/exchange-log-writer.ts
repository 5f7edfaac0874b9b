import type { ExchangeLogEntry } from '../registry/registry'
import { type Db, withoutDiskSync, writeTransaction } from '../store/store'
import { appendExchange } from './exchange-log'

/**
 * The exchange log, written in batches (at most every 100 ms, with the outbox's own commits,
 * and at close): it is a record for the user, not state, so it need not cost a disk sync per
 * request. A crash may lose the last 100 ms of log lines, never an outbox change.
 */
export class ExchangeLogWriter {
  private buffer: ExchangeLogEntry[] = []
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly db: Db) {}

  push(entry: ExchangeLogEntry): void {
    this.buffer.push(entry)
    this.timer ??= setTimeout(() => this.flushQuietly(), 100)
  }

  /**
   * Writes what waits, in a transaction of its own, without a disk sync of its own: a record,
   * not state, that may lose its last lines to a power cut as it may to a crash. Under
   * bench:load a flush's commit held the core's thread up to 430 ms on a busy disk; the next
   * outbox commit syncs the WAL with these pages in it.
   */
  flush(): void {
    if (this.buffer.length > 0 && this.db.open)
      withoutDiskSync(this.db, () => writeTransaction(this.db, () => this.writeInCommit()))
    else this.writeInCommit()
  }

  /**
   * The lines cannot be written (a full disk): they are dropped rather than thrown from a timer
   * or over the failure that matters; the outbox's own writes say what went wrong.
   */
  flushQuietly(): void {
    try {
      this.flush()
    } catch {
      // Dropped: writeInCommit took them from the buffer.
    }
  }

  /** Appends what waits in the caller's transaction. */
  writeInCommit(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const entries = this.buffer.splice(0)
    if (entries.length > 0 && this.db.open)
      entries.forEach((entry) => appendExchange(this.db, entry))
  }
}

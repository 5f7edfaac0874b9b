import {
  CLOCK_JUMP_MS,
  RegistryClock,
  UNKNOWN_CLOCK_MARGIN_MS,
  type ClockReading,
  type ClockSample,
} from '../registry/registry'
import { newestUnfinishedWrite, shiftUnfinishedTimes } from '../outbox/outbox'
import { type Db, writeTransaction, readSyncValue, writeSyncValue } from '../store/store'

const READING_KEY = 'registry_clock'
const QUIET_KEY = 'registry_quiet_until'
/** A reading is written again only when it moved by more than the noise of the Date header. */
const REWRITE_MS = 2_000

/**
 * Moves the outbox's times, which are this computer's, by `jumpMs`: its clock jumped (NTP, a
 * hand correction), and a retry time, a first send or a last attempt written before the jump
 * would otherwise be off by all of it (a queue stranded for two hours, a reconciliation that
 * looks for a report after the time it was created). After a jump forwards, only what was
 * written before `writtenBy` (the last reading, certainly before the jump) moves: a time
 * written after the jump, moved too, would wait the whole jump more. After a jump backwards
 * everything moves: what was already in the new time then comes a little early, never late.
 */
export function followClockJump(
  db: Db,
  jumpMs: number,
  writtenBy: number,
  firstSentEarlierMs = 0,
): void {
  const bound = jumpMs < 0 ? Number.MAX_SAFE_INTEGER : writtenBy
  shiftUnfinishedTimes(db, { bound, jump: jumpMs, earlier: firstSentEarlierMs })
}

/**
 * The registry's clock for one data folder: the offset learned from the registry's answers,
 * kept in the folder so the next process starts with it, the jumps of this computer's clock
 * followed in the outbox, and the quiet a 429 or 503 asked for (in the registry's time, so a
 * restart keeps it: registry-notes.md, "A polite client").
 */
export class FolderClock {
  readonly registry: RegistryClock
  private written: ClockReading | null

  constructor(
    private readonly db: Db,
    private readonly laptop: { now(): number },
  ) {
    this.written = readSyncValue<ClockReading>(db, READING_KEY)
    const valid =
      this.written && Number.isFinite(this.written.offsetMs) && Number.isFinite(this.written.at)
    if (!valid) this.written = null
    this.registry = new RegistryClock(laptop, this.written)
  }

  /**
   * An answer's Date header. The client's own times around the exchange may come from another
   * clock than ours (tests give the core one of its own): only their difference is used.
   */
  noteAnswer(sample: ClockSample): void {
    const receivedAt = this.laptop.now()
    const before = this.registry.current()
    const jump = this.registry.observe({
      serverDate: sample.serverDate,
      sentAt: receivedAt - Math.max(0, sample.receivedAt - sample.sentAt),
      receivedAt,
    })
    if (!this.db.open) return
    try {
      writeTransaction(this.db, () => {
        if (jump !== 0 && before) followClockJump(this.db, jump, before.at)
        this.keep(jump !== 0)
      })
    } catch {
      // A folder that cannot be written (a full disk) keeps the reading in memory; the
      // outbox's own writes say what went wrong.
    }
  }

  /**
   * This computer's clock went back while no answer came: the outbox holds times written in
   * its future (the last writes are minutes or hours ahead of now). The outbox and the offset
   * follow at once, before anything is scheduled from them.
   */
  followBackwardJump(): void {
    const now = this.laptop.now()
    const newest = newestUnfinishedWrite(this.db)
    if (newest === null || newest - now <= CLOCK_JUMP_MS) return
    const jump = now - newest
    // The clock went back by at least this much, more by however long it stood back before
    // this run. With a reading the next answer measures the rest; without one, the first sends
    // are put as much earlier as a clock never read may be off, so a reconciliation looks back
    // far enough.
    const known = this.registry.current() !== null
    writeTransaction(this.db, () => {
      followClockJump(this.db, jump, Number.MAX_SAFE_INTEGER, known ? 0 : UNKNOWN_CLOCK_MARGIN_MS)
      this.registry.shift(jump)
      this.keep(true)
    })
  }

  /** Until when (this computer's time) the registry asked for quiet; 0 when it did not. */
  quietUntil(): number {
    const until = readSyncValue<number>(this.db, QUIET_KEY)
    return typeof until === 'number' && Number.isFinite(until) ? this.registry.toLaptop(until) : 0
  }

  /** Keeps a quiet the registry asked for until `laptopUntil` (this computer's time). */
  holdQuiet(laptopUntil: number): void {
    const until = this.registry.toRegistry(laptopUntil)
    const current = readSyncValue<number>(this.db, QUIET_KEY)
    if (typeof current !== 'number' || current < until) writeSyncValue(this.db, QUIET_KEY, until)
  }

  private keep(force: boolean): void {
    const reading = this.registry.current()
    if (!reading) return
    if (!force && this.written && Math.abs(reading.offsetMs - this.written.offsetMs) <= REWRITE_MS)
      return
    writeSyncValue(this.db, READING_KEY, reading)
    this.written = reading
  }
}

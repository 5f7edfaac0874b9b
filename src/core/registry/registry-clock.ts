/**
 * The registry's time, as this computer can know it. A laptop's clock may be hours or days
 * off (a time zone set wrong and the clock set by hand to look right; NTP blocked on a bank's
 * network) and may jump when it is corrected; the registry stamps `createdAt` and dates a
 * `Retry-After` by its own clock. So every window compared with the registry's times is put in
 * the registry's time: the offset between the two clocks is learned from the `Date` header of
 * every answer (registry-client.ts, `onServerClock`) and kept in the data folder, so the next
 * process starts with it (outbox-clock.ts).
 */

/** The offset (registry's clock minus this computer's) and this computer's time it was measured at. */
export interface ClockReading {
  offsetMs: number
  at: number
}

/** One answer's Date header, with this computer's times around the exchange (same clock as `at`). */
export interface ClockSample {
  serverDate: number
  sentAt: number
  receivedAt: number
}

/**
 * A change of the offset larger than this between two answers is this computer's clock having
 * jumped (the registry's does not): the Date header's whole seconds and half a round trip of
 * noise stay far below it.
 */
export const CLOCK_JUMP_MS = 30_000

/**
 * How far a moment put in the registry's time may be off: the noise of the samples and a jump
 * too small to be noticed, with room to spare. Without any answer with a Date header yet, the
 * two clocks are taken as equal and the margin is the one Casefile always used.
 */
export const KNOWN_CLOCK_MARGIN_MS = 60_000
export const UNKNOWN_CLOCK_MARGIN_MS = 10 * 60_000

export class RegistryClock {
  constructor(
    private readonly laptop: { now(): number },
    private reading: ClockReading | null = null,
  ) {}

  /** The last reading, or null when the registry has never answered with a Date header. */
  current(): ClockReading | null {
    return this.reading
  }

  /** The registry's time now, by our best estimate. */
  now(): number {
    return this.toRegistry(this.laptop.now())
  }

  toRegistry(laptopMs: number): number {
    return laptopMs + (this.reading?.offsetMs ?? 0)
  }

  toLaptop(registryMs: number): number {
    return registryMs - (this.reading?.offsetMs ?? 0)
  }

  /** How far a time converted here may be from the registry's own (see the constants). */
  marginMs(): number {
    return this.reading ? KNOWN_CLOCK_MARGIN_MS : UNKNOWN_CLOCK_MARGIN_MS
  }

  /**
   * Takes one answer's clock. Returns how far this computer's clock jumped since the reading
   * before (positive: forwards), or 0 when it did not, or when there was no reading before.
   */
  observe(sample: ClockSample): number {
    // The header says a whole second: the registry's clock stood somewhere in it, and ours
    // somewhere between sending and receiving. The middles of both are the best guesses.
    const laptopMid = (sample.sentAt + sample.receivedAt) / 2
    const offsetMs = Math.round(sample.serverDate + 500 - laptopMid)
    const before = this.reading
    this.reading = { offsetMs, at: sample.receivedAt }
    if (!before) return 0
    const change = offsetMs - before.offsetMs
    return Math.abs(change) > CLOCK_JUMP_MS ? -change : 0
  }

  /** This computer's clock was found to have moved by `jumpMs` without an answer saying so. */
  shift(jumpMs: number): void {
    if (this.reading)
      this.reading = { offsetMs: this.reading.offsetMs - jumpMs, at: this.reading.at + jumpMs }
  }
}

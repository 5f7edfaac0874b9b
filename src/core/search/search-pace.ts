import type { CoreContext, StoreContext } from '../core-context'
import { keptKey } from '../core-kept'
import {
  type Db,
  writeTransaction,
  withoutDiskSync,
  deleteSyncValue,
  readSyncValue,
  writeSyncValue,
} from '../store/store'
import { registryQuietFor } from './polite-search'

/*
 * The folder's pace of background searches (issue 40): one per registry per data folder, kept
 * in `sync_state` so every process on the folder (the app, a scheduled `casefile screen`, a
 * `casefile watch check`) takes its turns from the same one, and their sum keeps to it. A
 * search takes the next free turn (`takeTurn`), turns `1000 / rate` ms apart, never inside the
 * registry's quiet; nothing is reserved ahead, so a halving takes effect at the next turn.
 *
 * The rate is found as TCP finds a window (additive increase, multiplicative decrease): it
 * starts at START_RATE; each prompt, clean answer adds `step / rate` (so `step` a second per
 * second of answers); a 429 or a 503 halves it, once per round trip (answers to searches sent
 * before the last halving describe the load the halving already answered), and the rate it
 * was refused at is remembered (moved halfway to each new refusal's): back up to 90 % of it
 * the step is fast (RECOVER_STEP), beyond it slow (PROBE_STEP), so the pace spends its time
 * just under the registry's limit and probes past it rarely. Never above the organization's ceiling (`maxSearchRate`).
 */

/** A first run on an unknown registry starts at the old fixed default: known to be polite. */
export const START_RATE = 2
/** The ceiling when the organization set none: five times the old default (README, "Pace"). */
export const DEFAULT_MAX_SEARCH_RATE = 10
export const MAX_MAX_SEARCH_RATE = 1000
const MIN_RATE = 0.5
/** A second per second of answers below the rate last refused, and well below it. */
const STEP = 1
const RECOVER_STEP = 5
const PROBE_STEP = 0.1
/** Where the fast step after a refusal ends: this share of the rate refused. */
const NEAR = 0.9
/** Slower than this (over the fastest answer seen) and the registry is queueing: no increase. */
const PROMPT_FACTOR = 2
const PROMPT_MARGIN_MS = 250

const MAX_RATE_KEY = 'search_max_rate'
const paceKey = (origin: string) => `search_pace ${origin}`

export interface PaceState {
  rate: number
  /** The rate the registry last refused (a 429 or a 503), or null when it never did. */
  refusedAt: number | null
  /** When the rate was last halved (this computer's time). */
  cutAt: number
  /** The next free turn (this computer's time). */
  nextAt: number
}

/** The organization's ceiling on searches a second from this folder (Settings, `config set --max-rate`). */
export function maxSearchRate(db: Db): number {
  const value = readSyncValue<number>(db, MAX_RATE_KEY)
  return typeof value === 'number' && value > 0 && value <= MAX_MAX_SEARCH_RATE
    ? value
    : DEFAULT_MAX_SEARCH_RATE
}

/** Whether the organization set its ceiling (else the default holds). */
export function maxSearchRateSet(db: Db): boolean {
  return readSyncValue<number>(db, MAX_RATE_KEY) !== null
}

/** What is wrong with a ceiling, in words, or null when it can be used. */
export function maxRateProblem(rate: number): string | null {
  if (!Number.isFinite(rate) || rate < 1 || rate > MAX_MAX_SEARCH_RATE)
    return `The most searches a second is a number from 1 to ${MAX_MAX_SEARCH_RATE}.`
  return null
}

export function setMaxSearchRate(core: StoreContext, rate: number | null): void {
  const { db } = core
  writeTransaction(db, () => {
    if (rate === null) deleteSyncValue(db, MAX_RATE_KEY)
    else writeSyncValue(db, MAX_RATE_KEY, rate)
  })
}

function originOf(core: CoreContext): string {
  const address = (core.client as Partial<CoreContext['client']>).connection?.baseUrl ?? ''
  try {
    return new URL(address).origin
  } catch {
    return address
  }
}

function stateOf(db: Db, key: string, ceiling: number): PaceState {
  const kept = readSyncValue<PaceState>(db, key)
  const valid = kept && Number.isFinite(kept.rate) && kept.rate > 0 && Number.isFinite(kept.nextAt)
  const state = valid ? kept : { rate: START_RATE, refusedAt: null, cutAt: 0, nextAt: 0 }
  return { ...state, rate: Math.max(MIN_RATE, Math.min(state.rate, ceiling)) }
}

/** The rate after `answers` prompt answers: a step a second per second of them. */
function raised(state: PaceState, ceiling: number, answers: number): PaceState {
  let { rate } = state
  const near = state.refusedAt === null ? Number.POSITIVE_INFINITY : state.refusedAt * NEAR
  for (let n = 0; n < answers && rate < ceiling; n++) {
    const step = state.refusedAt === null ? STEP : rate < near ? RECOVER_STEP : PROBE_STEP
    // The fast step stops at the rate near the refusal: at a low rate one answer's step is
    // large (5 / 2.5 = 2 a second), and would carry the pace past the limit at once.
    const next = rate + step / rate
    rate = Math.min(ceiling, rate < near ? Math.min(next, near) : next)
  }
  return { ...state, rate }
}

/** A turn taken: when it began (this computer's time) and the rate it was taken at. */
export interface Turn {
  at: number
  rate: number
}

/** One process's view of the folder's pace (the fastest answer it saw is its own). */
export class SearchPace {
  private fastestMs = Number.POSITIVE_INFINITY
  /** The caller of this process waiting for a turn, if any (the next waits behind it). */
  private waiting: Promise<void> = Promise.resolve()
  /** Prompt answers since this process last took a turn: applied in that turn's commit. */
  private prompt = 0
  private readonly key: string

  constructor(private readonly core: CoreContext) {
    this.key = paceKey(originOf(core))
  }

  /** The pace now, as kept in the folder. */
  current(): PaceState & { ceiling: number } {
    const ceiling = maxSearchRate(this.core.db)
    return { ...stateOf(this.core.db, this.key, ceiling), ceiling }
  }

  /**
   * Waits for the next free turn (and the end of the registry's quiet) and takes it. Returns
   * the turn; throws the signal's reason when aborted while waiting.
   */
  async takeTurn(signal?: AbortSignal): Promise<Turn> {
    // One caller of this process waits for a turn at a time, the others behind it: sixteen
    // searches in flight do not each poll the folder at every turn.
    const before = this.waiting
    let release = () => undefined as void
    this.waiting = new Promise<void>((resolve) => (release = resolve))
    try {
      await before
      for (;;) {
        signal?.throwIfAborted()
        const quiet = registryQuietFor(this.core)
        const turn = quiet > 0 ? { wait: quiet } : this.tryTake()
        if ('at' in turn) return turn
        await sleep(turn.wait, signal)
      }
    } finally {
      release()
    }
  }

  /**
   * Takes the next turn without waiting for it: a search paced by its own, slower rule (the
   * watchlist's checks an hour) still uses up a turn, so a screening at 'auto' beside it leaves
   * it room and their sum keeps to the pace.
   */
  claimTurn(): Turn {
    const turn = this.tryTake(true)
    return 'at' in turn ? turn : { at: Date.now(), rate: START_RATE }
  }

  private tryTake(always = false): Turn | { wait: number } {
    const { db } = this.core
    // A turn is a write a search; a power cut that loses one loses nothing: no disk sync.
    return withoutDiskSync(db, () =>
      writeTransaction(db, () => {
        const now = Date.now()
        const ceiling = maxSearchRate(db)
        const state = raised(stateOf(db, this.key, ceiling), ceiling, this.prompt)
        const interval = 1000 / state.rate
        // A turn further ahead than a few intervals was written before this computer's clock
        // went back: it is not waited for.
        const nextAt = state.nextAt - now > 10 * interval + 1000 ? now : state.nextAt
        if (nextAt > now + 2 && !always) return { wait: nextAt - now }
        // The prompt answers are kept with the turn, in its commit.
        this.prompt = 0
        // A turn taken a little late (this process was busy) keeps the schedule: the next is an
        // interval after the one due, not after now, so lateness is not lost from the rate; a
        // turn an interval late or more starts the schedule again from now.
        const due = nextAt >= now - interval ? nextAt : now
        writeSyncValue(db, this.key, { ...state, nextAt: due + interval })
        return { at: now, rate: state.rate }
      }),
    )
  }

  /** A search was answered in `ms`: a prompt answer raises the rate (at the next turn). */
  answered(ms: number): void {
    if (ms <= this.fastestMs * PROMPT_FACTOR + PROMPT_MARGIN_MS) this.prompt++
    this.fastestMs = Math.min(this.fastestMs, ms)
  }

  /** The registry refused a search taken at `turn` for load (a 429 or a 503): halved, once a round trip. */
  refused(turn: Turn): void {
    this.change((state) => {
      if (turn.at < state.cutAt) return state
      // The limit remembered moves halfway to where this refusal came: one refusal a little
      // early (a burst the network made of evenly spaced searches) does not pull it all down.
      return {
        ...state,
        refusedAt: state.refusedAt === null ? turn.rate : (state.refusedAt + turn.rate) / 2,
        rate: Math.max(MIN_RATE, turn.rate / 2),
        cutAt: Date.now(),
      }
    })
  }

  private change(update: (state: PaceState) => PaceState): void {
    const { db } = this.core
    if (!db.open) return
    withoutDiskSync(db, () =>
      writeTransaction(db, () => {
        const ceiling = maxSearchRate(db)
        writeSyncValue(db, this.key, update(stateOf(db, this.key, ceiling)))
      }),
    )
  }
}

const PACE = keptKey<SearchPace>('search.pace')

/** The folder's pace, as this core takes its turns from it. */
export function searchPaceOf(core: CoreContext): SearchPace {
  return core.kept.of(PACE, () => new SearchPace(core))
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, Math.max(1, ms))
    signal?.addEventListener('abort', done)
  })
}

/**
 * How long `searches` take at the folder's pace, in seconds: from the pace it is at now up to
 * the rate it will hold (90 % of the rate the registry last refused, else the ceiling), a step
 * a second per second of answers. At most: a registry that refuses sooner takes longer.
 */
export function autoSeconds(searches: number, pace: PaceState & { ceiling: number }): number {
  if (searches <= 0) return 0
  const steady = Math.max(
    MIN_RATE,
    Math.min(pace.ceiling, pace.refusedAt === null ? pace.ceiling : pace.refusedAt * NEAR),
  )
  const start = Math.min(pace.rate, steady)
  const step = pace.refusedAt === null ? STEP : RECOVER_STEP
  const rampSeconds = (steady - start) / step
  const rampSearches = ((start + steady) / 2) * rampSeconds
  if (searches <= rampSearches)
    return (-start + Math.sqrt(start * start + 2 * step * searches)) / step
  return rampSeconds + (searches - rampSearches) / steady
}

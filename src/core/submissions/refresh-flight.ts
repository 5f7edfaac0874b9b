import {
  isHolderAlive,
  processHolder,
  withoutDiskSync,
  type Db,
  writeTransaction,
} from '../store/store'
import {
  type SubmissionsSource,
  CACHE_STATE_KEYS,
  deleteCacheState,
  readCacheState,
  writeCacheState,
} from '../cache/cache'
import { keptKey } from '../core-kept'
import {
  runSubmissionsRefresh,
  type SubmissionsRefresh,
  type SubmissionsRefreshOptions,
} from './refresh-submissions'

/*
 * One refresh of the organization's submissions at a time per data folder. In this process a
 * second request joins the one running (every opening of Submissions asks for one, and each
 * used to page the whole list again beside the others). Another process on the folder (the CLI
 * beside the app) finds the claim this one holds in cache_state and waits for it to end, then
 * runs its own refresh, which the first one's has made an incremental one of a page or two.
 */

/** A claim not renewed for this long is a process gone (killed mid-page); it is taken over. */
export const REFRESH_CLAIM_TTL_MS = 60_000
/** How often a process waiting for another one's refresh looks at the claim again. */
export const CLAIM_POLL_MS = 250

interface Flight {
  full: boolean
  promise: Promise<SubmissionsRefresh>
}

/** The refresh this core runs, if one does (kept in the core: submissions.ts passes it). */
export interface FlightSlot {
  current: Flight | null
}
export const REFRESH_FLIGHT = keptKey<FlightSlot>('submissions.refresh-flight')

interface Claim {
  holder: string
  until: number
}

function readClaim(db: Db): Claim | null {
  const text = readCacheState(db, CACHE_STATE_KEYS.submissionsRefreshClaim)
  if (text === undefined) return null
  try {
    const claim = JSON.parse(text) as Partial<Claim>
    return typeof claim.holder === 'string' && Number.isFinite(claim.until)
      ? (claim as Claim)
      : null
  } catch {
    return null
  }
}

/** Takes the folder's refresh claim if it is free, lapsed or its holder's process is gone. */
function takeClaim(db: Db, holder: string, now: number): boolean {
  return writeTransaction(db, () => {
    const current = readClaim(db)
    if (
      current &&
      current.holder !== holder &&
      current.until > now &&
      isHolderAlive(current.holder)
    )
      return false
    writeCacheState(
      db,
      CACHE_STATE_KEYS.submissionsRefreshClaim,
      JSON.stringify({ holder, until: now + REFRESH_CLAIM_TTL_MS }),
    )
    return true
  })
}

function releaseClaim(db: Db, holder: string): void {
  writeTransaction(db, () => {
    if (readClaim(db)?.holder === holder)
      deleteCacheState(db, CACHE_STATE_KEYS.submissionsRefreshClaim)
  })
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }, ms)
    const stop = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', stop, { once: true })
  })
}

async function claimedRefresh(
  db: Db,
  client: SubmissionsSource,
  options: SubmissionsRefreshOptions,
  clock: () => number,
): Promise<SubmissionsRefresh> {
  const holder = processHolder()
  while (!takeClaim(db, holder, clock())) await pause(CLAIM_POLL_MS, options.signal)
  try {
    return await runSubmissionsRefresh(db, client, {
      ...options,
      onPage: () => {
        options.onPage?.()
        // Renewed each page without a disk sync: a claim lost to a power cut only lapses.
        withoutDiskSync(db, () => takeClaim(db, holder, clock()))
      },
    })
  } finally {
    releaseClaim(db, holder)
  }
}

/**
 * refreshSubmissions, single-flight per folder: joins the refresh this process is running
 * (a "refresh all" waits for an incremental one to end and then runs), or waits for another
 * process's. A request that joins gets the running refresh's answer, its failure included.
 */
export function refreshSubmissionsOnce(
  db: Db,
  client: SubmissionsSource,
  options: SubmissionsRefreshOptions,
  clock: () => number = Date.now,
  flight: FlightSlot = { current: null },
): Promise<SubmissionsRefresh> {
  const full = options.full === true
  const running = flight.current
  if (running && (running.full || !full)) return running.promise
  const after = running
    ? running.promise.then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve()
  const promise = after.then(() => claimedRefresh(db, client, options, clock))
  const mine: Flight = { full, promise }
  flight.current = mine
  const settle = () => {
    if (flight.current === mine) flight.current = null
  }
  promise.then(settle, settle)
  return promise
}

import type { CoreContext } from '../core-context'
import { registryQuietFor, searchFailureOf, searchPaceOf } from '../search/search'
import { processHolder } from '../store/store'
import { noteRunEnd, notePace, noteRunStart } from './screening-audit'
import {
  JobSpellings,
  spellingGroupsOf,
  unansweredSpellings,
  type SpellingGroup,
} from './screening-spellings'
import {
  claimNext,
  jobRow,
  markAnswered,
  markFailed,
  markPending,
  recoverSearching,
  releaseJob,
  setJobState,
  takeJob,
  type IdentifierRow,
  type JobState,
} from './screening-store'

/*
 * The job runner: searches a job's pending identifiers, each in its spellings (each spelling
 * once a job: screening-spellings.ts), at most `rate` requests a second and `concurrency`
 * identifiers at once, through the core's one registry client. Nothing is sent
 * while the registry's quiet holds (a 429's or 503's Retry-After, the client's and the folder's,
 * which the outbox obeys too); an identifier is `searching` in the database before its request
 * leaves and `done` with its answer in one commit, so a run killed anywhere resumes without
 * asking again what was answered. No connection: the run waits (doubling to a minute) or, for
 * the CLI, stops with the rows waiting.
 */

export interface RunOptions {
  /** Searches a second; Infinity for no limit (the bench); 'auto': the folder's pace. */
  rate: number | 'auto'
  concurrency?: number
  signal?: AbortSignal
  /** Stop when the registry cannot be reached, rows left waiting (the CLI), instead of waiting. */
  stopWhenUnreachable?: boolean
  onProgress?: (event: { searched: number; waiting: Waiting | null }) => void
  /** Woken early (a pause, a resume, the registry reachable again). */
  wake?: { onWake(listener: () => void): () => void }
}

export interface Waiting {
  reason: string
  /** Epoch ms, when known. */
  until: number | null
}

export interface RunOutcome {
  state: JobState
  /** Why the run ended before the job did. */
  stopped: 'unreachable' | 'unauthorized' | 'busy' | 'aborted' | null
  message: string | null
  searched: number
}

export const DEFAULT_CONCURRENCY = 16
const LEASE_MS = 30_000
const MAX_BACKOFF_MS = 60_000

export async function runJob(
  core: CoreContext,
  jobId: number,
  options: RunOptions,
): Promise<RunOutcome> {
  const { db } = core
  const holder = processHolder()
  const outcome: RunOutcome = { state: 'open', stopped: null, message: null, searched: 0 }
  if (!takeJob(db, jobId, holder, core.clock.now(), LEASE_MS)) {
    outcome.stopped = 'busy'
    outcome.message = 'Another Casefile process is running this screening job.'
    outcome.state = jobRow(db, jobId)?.state ?? 'open'
    return outcome
  }
  recoverSearching(db, jobId)
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
  const auto = options.rate === 'auto'
  const fixed = typeof options.rate === 'number' ? options.rate : 0
  // At 'auto' each request takes its turn from the folder's pace (JobSpellings): no interval here.
  const interval = Number.isFinite(fixed) && fixed > 0 ? 1000 / fixed : 0
  const started = jobRow(db, jobId)
  const createdAt = started?.created_at ?? 0
  const fresherThan = started?.fresher_than_ms ?? null
  const freshFrom = fresherThan === null ? null : core.clock.now() - fresherThan
  const pace = searchPaceOf(core)
  const paceNow = () => (auto ? pace.current().rate : fixed)
  noteRunStart(core, jobId, paceNow())
  let pacedAt = Date.now()
  const abort = new AbortController()
  const onAbort = () => abort.abort()
  options.signal?.addEventListener('abort', onAbort)
  const inFlight = new Set<Promise<void>>()
  let nextStart = 0
  let backoff = 0
  let unreachableUntil = 0
  let waiting: Waiting | null = null
  let wakeUp: () => void = () => undefined
  const unsubscribe = options.wake?.onWake(() => {
    unreachableUntil = 0
    wakeUp()
  })
  const progress = () => options.onProgress?.({ searched: outcome.searched, waiting })
  let renewedAt = core.clock.now()
  const spellings = new JobSpellings(core, jobId, { paced: auto, freshFrom })

  const search = async (
    identifier: IdentifierRow,
    groups: SpellingGroup[] | string,
  ): Promise<void> => {
    if (typeof groups === 'string') {
      markFailed(db, identifier.id, groups)
      return
    }
    try {
      const answer = await spellings.search(identifier, groups, abort.signal)
      // An answer older than the job is an earlier job's, reused (--fresher-than): as of then.
      if (answer.asOf < createdAt) markAnswered(db, identifier.id, answer, answer.asOf, 'reused')
      else markAnswered(db, identifier.id, answer, core.clock.now())
      outcome.searched++
      backoff = 0
      waiting = null
    } catch (error) {
      const failure = searchFailureOf(core, error)
      if (failure.kind === 'refused' || failure.kind === 'failed') {
        markFailed(db, identifier.id, failure.message)
        return
      }
      markPending(db, identifier.id)
      if (failure.kind === 'unauthorized') {
        outcome.stopped = 'unauthorized'
        outcome.message = failure.message
      } else if (failure.kind === 'unreachable') {
        if (options.stopWhenUnreachable) {
          outcome.stopped = 'unreachable'
          outcome.message = failure.message
        }
        backoff = Math.min(MAX_BACKOFF_MS, Math.max(1000, backoff * 2))
        unreachableUntil = Date.now() + backoff
        waiting = {
          reason: `The registry cannot be reached: ${failure.message}`,
          until: unreachableUntil,
        }
      }
    }
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        abort.signal.removeEventListener('abort', done)
        wakeUp = () => undefined
        resolve()
      }
      const timer = setTimeout(done, ms)
      wakeUp = done
      abort.signal.addEventListener('abort', done)
      for (const running of inFlight) void running.then(done)
    })

  try {
    for (;;) {
      if (abort.signal.aborted) {
        outcome.stopped = 'aborted'
        break
      }
      if (outcome.stopped) break
      const job = jobRow(db, jobId)
      if (!job || job.state !== 'open') break
      const now = core.clock.now()
      if (auto && Date.now() - pacedAt > 1000) {
        notePace(core, jobId, paceNow())
        pacedAt = Date.now()
      }
      if (now - renewedAt > LEASE_MS / 3) {
        takeJob(db, jobId, holder, now, LEASE_MS)
        renewedAt = now
      }
      const quietFor = registryQuietFor(core)
      if (quietFor > 0)
        waiting = {
          reason: 'The registry asked for a pause (Retry-After): nothing is sent until it ends.',
          until: Date.now() + quietFor,
        }
      const waitMs = Math.max(quietFor, unreachableUntil - Date.now(), nextStart - Date.now())
      if (waitMs > 0) {
        progress()
        await pause(waitMs)
        continue
      }
      if (inFlight.size >= concurrency) {
        await Promise.race(inFlight)
        continue
      }
      const next = claimNext(db, jobId)
      if (!next) {
        if (inFlight.size === 0) {
          setJobState(db, jobId, 'done', core.clock.now())
          break
        }
        await Promise.race(inFlight)
        continue
      }
      // The rate is requests a second: a phone's seven spellings are seven of them, less those
      // this job has answered already (another row's identifier shared them) or reuses.
      const groups = spellingGroupsOf(db, next)
      nextStart = Date.now() + interval * unansweredSpellings(db, jobId, next, groups, freshFrom)
      const running: Promise<void> = search(next, groups).finally(() => {
        inFlight.delete(running)
        progress()
      })
      inFlight.add(running)
    }
    // A stop lets what is in flight finish (its answer is kept); an abort cancels it.
    await Promise.allSettled([...inFlight])
  } finally {
    noteRunEnd(core, jobId, paceNow(), jobRow(db, jobId)?.state === 'done')
    unsubscribe?.()
    options.signal?.removeEventListener('abort', onAbort)
    releaseJob(db, jobId, holder)
  }
  outcome.state = jobRow(db, jobId)?.state ?? 'open'
  return outcome
}

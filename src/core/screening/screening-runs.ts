import { forgetCutOffWrites } from './screening-write'
import type { CoreContext } from '../core-context'
import { keptKey } from '../core-kept'
import { jobRow, openJobIds } from './screening-store'
import { runJob, type RunOptions, type RunOutcome, type Waiting } from './screening-runner'

/*
 * The runners of a long-lived core (the app's core process): one per job at most, in the
 * background, each stopped when the job is paused or cancelled or the core closes. The CLI runs
 * its job in the foreground instead (runJob), and never registers here.
 */

interface Running {
  abort: AbortController
  done: Promise<RunOutcome>
  waiting: Waiting | null
  wake: Set<() => void>
}

/** This core's runners, by job. */
const RUNS = keptKey<Map<number, Running>>('screening.runs')
/** Who is told when a background job reaches its end (the app core, for a notification). */
const FINISHED = keptKey<Set<(jobId: number) => void>>('screening.finished')

/** Tells `listener` of every job of this core's folder that a background runner finished. Returns the unsubscribe. */
export function onJobFinished(core: CoreContext, listener: (jobId: number) => void): () => void {
  const listeners = core.kept.of(FINISHED, () => new Set())
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function runsOf(core: CoreContext): Map<number, Running> {
  return core.kept.of(RUNS, () => new Map())
}

/** Starts the job's runner in the background, unless one runs; wakes it if it does. */
export function runInBackground(
  core: CoreContext,
  jobId: number,
  options: Pick<RunOptions, 'rate' | 'concurrency'>,
): void {
  const runs = runsOf(core)
  const existing = runs.get(jobId)
  if (existing) {
    for (const wake of existing.wake) wake()
    return
  }
  const running: Running = {
    abort: new AbortController(),
    done: Promise.resolve(null as never),
    waiting: null,
    wake: new Set(),
  }
  running.done = runJob(core, jobId, {
    ...options,
    signal: running.abort.signal,
    onProgress: ({ waiting }) => (running.waiting = waiting),
    wake: {
      onWake(listener) {
        running.wake.add(listener)
        // The registry answering again (a search, a sync) is the way back for a waiting run.
        const off = core.reachability.onChange((reach) => {
          if (reach.state === 'online') listener()
        })
        return () => {
          running.wake.delete(listener)
          off()
        }
      },
    },
  })
    .then((outcome) => {
      if (outcome.state === 'done')
        for (const listener of core.kept.peek(FINISHED) ?? []) listener(jobId)
      return outcome
    })
    .catch((error: unknown) => {
      console.error(
        `[screening] job ${jobId} stopped: ${error instanceof Error ? error.message : String(error)}`,
      )
      return { state: 'open', stopped: 'aborted', message: null, searched: 0 } as RunOutcome
    })
    .finally(() => runs.delete(jobId))
  runs.set(jobId, running)
}

export function isRunning(core: CoreContext, jobId: number): boolean {
  return runsOf(core).has(jobId)
}

export function waitingOf(core: CoreContext, jobId: number): Waiting | null {
  return runsOf(core).get(jobId)?.waiting ?? null
}

/** Stops a job's runner (a pause or a cancel): what is in flight is cancelled, back to pending. */
export async function stopRunner(core: CoreContext, jobId: number): Promise<void> {
  const running = runsOf(core).get(jobId)
  if (!running) return
  running.abort.abort()
  await running.done
}

/**
 * The app's hook: runs every unfinished job of the folder while the core is open (a job a
 * crash, a restart or a closed window left open goes on), and stops them all before it closes.
 */
export function runOpenJobs(core: CoreContext): { stop(): Promise<void> } {
  // A job whose writing a killed process left half done is forgotten (screening-write.ts).
  forgetCutOffWrites(core.db, core.clock.now())
  for (const jobId of openJobIds(core.db)) {
    const job = jobRow(core.db, jobId)
    runInBackground(core, jobId, { rate: job?.pace === 'auto' ? 'auto' : (job?.rate ?? 1) })
  }
  return {
    async stop() {
      await Promise.all([...runsOf(core).keys()].map((jobId) => stopRunner(core, jobId)))
    },
  }
}

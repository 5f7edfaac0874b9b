/*
 * The worker threads that draw or read evidence (evidence-worker.ts), as the core runs them:
 * each job within its bounds (a time limit restarted as each page comes back, the process's
 * memory sampled against its growth since the job started, the worker's heap), the worker
 * terminated (its memory freed with it) the moment a bound is passed.
 *
 * Two ways: runInWorker starts a worker for one job and ends it after (a report's case file,
 * `case verify`); a lane (createDrawingLane, for a case's drawing pool) keeps its worker for the
 * next file while each ends well, so pdf.js is loaded, and its code made fast, once per lane
 * rather than once per file (about half the time a PDF of a few pages takes). Each file is still
 * drawn from a document of its own, destroyed after it; a worker stopped at a bound, failed or
 * left holding much memory is ended, and the next file gets a new one.
 */

import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { message } from './drawing'
import type { EvidenceJob } from './evidence-worker'
import { addStageTime } from './stage-times'

const MEMORY_SAMPLE_MS = 20
/** How long a worker may take to start and load pdf.js before the page is drawn here instead. */
const START_LIMIT_MS = 20_000
/**
 * A lane's worker is ended after a file when the process has grown more than this while it was
 * drawn: what the worker may keep of it is not left to the files after.
 */
const LANE_KEEP_MB = 128
const MB = 1024 * 1024

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; answer: unknown }
  | { type: 'failed'; detail: string }
  /** A PDF's page drawn, of several: given to the caller, and the next page's time starts. */
  | { type: 'page'; answer: unknown }

export type Failed<A> = (
  why: 'unreadable' | 'timeout' | 'too-large',
  detail: (verb: 'drawn' | 'read') => string,
) => A

export interface Limits {
  heapLimitMb: number
  memoryLimitMb: number
}

const doing = (verb: 'drawn' | 'read') => (verb === 'drawn' ? 'drawing' : 'reading')

/** Node's options for the worker: tsx's loader for the source file, nothing else inherited. */
function workerExecArgv(file: string): string[] | null {
  if (!file.endsWith('.ts')) return []
  try {
    return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
  } catch {
    return null
  }
}

/** A started worker: `ready` once it has loaded what it draws with (false: it cannot). */
interface Thread {
  ready: Promise<boolean>
  /** `go` (its workerData's job) or a job sent to it, within the bounds; null: it could not. */
  run<A>(
    order: 'go' | { job: EvidenceJob },
    timeLimitMs: number,
    limits: Limits,
    failed: Failed<A>,
    onPage?: (answer: unknown) => void,
  ): Promise<{ answer: A | null; keep: boolean }>
  stop(): Promise<void>
  /** Not ended (by a bound, a failure, or `stop`). */
  alive(): boolean
}

/** What a worker is started with: one job, or `lane` (jobs sent to it one after another). */
export type WorkerData = EvidenceJob | { kind: 'lane' }

function startThread(file: string, workerData: WorkerData, heapLimitMb: number): Thread | null {
  const execArgv = workerExecArgv(file)
  if (!execArgv) return null
  let worker: Worker
  try {
    worker = new Worker(file, {
      execArgv,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: heapLimitMb },
    })
  } catch {
    return null
  }
  const started = performance.now()
  let gone = false
  let onMessage: ((m: WorkerMessage) => void) | null = null
  let onEnd: ((why: { error?: Error & { code?: string }; code?: number }) => void) | null = null
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), START_LIMIT_MS)
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'ready' || m.type === 'failed') {
        clearTimeout(timer)
        if (m.type === 'ready')
          addStageTime(
            'drawing: a worker started, its renderer loaded',
            performance.now() - started,
          )
        resolve(m.type === 'ready')
      } else onMessage?.(m)
    })
    // Before 'ready' an error is the worker's own (it could not start): drawn here instead.
    const end = (why: { error?: Error & { code?: string }; code?: number }) => {
      gone = true
      clearTimeout(timer)
      resolve(false)
      onEnd?.(why)
    }
    worker.on('error', (error: Error & { code?: string }) => end({ error }))
    worker.on('exit', (code) => end({ code }))
  })
  // Its memory is given back before the next worker starts (that one's baseline would count
  // it); but a worker inside a long native call stops only when it returns to JavaScript, and
  // the core waits at most a second for that.
  const stop = async () => {
    gone = true
    const stopped = worker.terminate().catch(() => undefined)
    await Promise.race([stopped, new Promise((r) => setTimeout(r, 1000).unref())])
  }
  function run<A>(
    order: 'go' | { job: EvidenceJob },
    timeLimitMs: number,
    limits: Limits,
    failed: Failed<A>,
    onPage?: (answer: unknown) => void,
  ): Promise<{ answer: A | null; keep: boolean }> {
    return new Promise((resolve) => {
      if (gone) return resolve({ answer: null, keep: false })
      let done = false
      let timer: NodeJS.Timeout | undefined
      let lap = performance.now()
      // The whole process's resident memory: the worker's heap and, what V8's limit does not
      // see, the ArrayBuffers and native memory (inflated streams, decoded pixels) it holds.
      const baseline = process.memoryUsage.rss()
      const finish = (answer: A, keep: boolean) => {
        if (done) return
        done = true
        clearTimeout(timer)
        clearInterval(watch)
        onMessage = null
        onEnd = null
        const kept = keep && !gone && process.memoryUsage.rss() - baseline < LANE_KEEP_MB * MB
        if (kept) {
          worker.unref()
          resolve({ answer, keep: true })
        } else void stop().then(() => resolve({ answer, keep: false }))
      }
      const tooLarge = (mb: number) =>
        failed('too-large', (verb) => `${doing(verb)} it needed more than ${mb} MB of memory`)
      const startClock = () => {
        clearTimeout(timer)
        timer = setTimeout(
          () =>
            finish(
              failed('timeout', (verb) => `not ${verb} within ${timeLimitMs / 1000} s`),
              false,
            ),
          timeLimitMs,
        )
      }
      const watch = setInterval(() => {
        if (process.memoryUsage.rss() - baseline > limits.memoryLimitMb * MB)
          finish(tooLarge(limits.memoryLimitMb), false)
      }, MEMORY_SAMPLE_MS)
      onMessage = (m) => {
        if (m.type === 'page') {
          onPage?.(m.answer)
          addStageTime('drawing: a page, in a worker', performance.now() - lap)
          lap = performance.now()
          startClock()
        } else if (m.type === 'done') finish(m.answer as A, true)
      }
      // The file did it: ERR_WORKER_OUT_OF_MEMORY is a heap bomb.
      onEnd = ({ error, code }) =>
        finish(
          error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? tooLarge(limits.heapLimitMb)
            : error
              ? failed('unreadable', () => message(error))
              : failed('unreadable', (verb) => `the ${doing(verb)} stopped (exit code ${code})`),
          false,
        )
      worker.ref()
      startClock()
      worker.postMessage(order)
    })
  }
  return { ready, run, stop, alive: () => !gone }
}

/**
 * The answer of a worker started from `file` for `workerData`, or null if none could start.
 * `onPage`: each page of a PDF as the worker draws it; the time limit is then each page's.
 */
export async function runInWorker<A>(
  file: string,
  workerData: EvidenceJob,
  limits: Limits,
  failed: Failed<A>,
  onPage?: (answer: unknown) => void,
): Promise<A | null> {
  const thread = startThread(file, workerData, limits.heapLimitMb)
  if (!thread) return null
  if (!(await thread.ready)) {
    await thread.stop()
    return null
  }
  const { answer } = await thread.run('go', workerData.timeLimitMs, limits, failed, onPage)
  await thread.stop()
  return answer
}

/** A worker kept to draw one file after another (a case's drawing pool has one per place). */
export interface DrawingLane {
  /** As runInWorker, in this lane's worker (started when it has none). */
  run<A>(
    job: EvidenceJob,
    limits: Limits,
    failed: Failed<A>,
    onPage?: (answer: unknown) => void,
  ): Promise<A | null>
  /** Its worker ended. */
  close(): Promise<void>
}

export function createDrawingLane(file: string): DrawingLane {
  let thread: Thread | null = null
  return {
    async run(job, limits, failed, onPage) {
      // Loads pdf.js and the canvas both: the lane draws PDFs and images alike.
      if (thread && !thread.alive()) thread = null
      thread ??= startThread(file, { kind: 'lane' }, limits.heapLimitMb)
      if (!thread) return null
      if (!(await thread.ready)) {
        await thread.stop()
        thread = null
        return null
      }
      const ran = await thread.run({ job }, job.timeLimitMs, limits, failed, onPage)
      if (!ran.keep) thread = null
      return ran.answer
    },
    async close() {
      await thread?.stop()
      thread = null
    },
  }
}

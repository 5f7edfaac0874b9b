/*
 * A PDF attachment's first page as a PNG, for case.pdf, drawn in a worker thread the core can
 * stop. The file is anyone's upload to the registry: one of pdf.js's steps (parsing a content
 * stream of a million operators, say) can run for as long as the file likes, and a time limit
 * in the core's own thread acts only between steps, so the outbox, the watcher and every call
 * would wait for it. In a worker, the core's thread only waits for a message: when the time is
 * up the worker is terminated (its memory freed with it), and a worker that runs out of its
 * heap dies alone. One worker per attachment, so no file's state is left for the next.
 */

import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import {
  drawFirstPage,
  MAX_PAGE_PIXELS,
  message,
  PAGE_TIME_LIMIT_MS,
  type FirstPage,
} from './pdf-draw'
import type { PageWorkerData } from './pdf-page-worker'

export { MAX_PAGE_PIXELS, PAGE_TIME_LIMIT_MS, type FirstPage } from './pdf-draw'

/**
 * The worker's JavaScript heap. A page of 300,000 drawing operators needs about 300 MB (pdf.js
 * keeps every operator's arguments); a heap bomb stops here, in the worker.
 */
export const PAGE_HEAP_LIMIT_MB = 512
/** How long a worker may take to start and load pdf.js before the page is drawn here instead. */
const START_LIMIT_MS = 20_000

/** The worker's file in each build: source (through tsx), the CLI's ESM, the app's CommonJS. */
const WORKER_NAMES = ['pdf-page-worker.ts', 'pdf-page-worker.mjs', 'pdf-page-worker.js']

/**
 * The worker's file, looked for in the folder of the module that runs this and the one above:
 * src/core/case-file beside this file; out/cli or out/main when this code was bundled into a
 * chunk (out/cli/chunks) or an entry (out/main/core-process.js). Null when there is none.
 */
export function pageWorkerFile(
  moduleUrl: string = import.meta.url,
  exists: (path: string) => boolean = existsSync,
): string | null {
  const here = dirname(fileURLToPath(moduleUrl))
  for (const dir of [here, dirname(here)])
    for (const name of WORKER_NAMES) if (exists(join(dir, name))) return join(dir, name)
  return null
}

/** Node's options for the worker: tsx's loader for the source file, nothing else inherited. */
function workerExecArgv(file: string): string[] | null {
  if (!file.endsWith('.ts')) return []
  try {
    return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
  } catch {
    return null
  }
}

export interface FirstPageOptions {
  timeLimitMs?: number
  maxPixels?: number
  /** The worker's old-generation heap in MiB (PAGE_HEAP_LIMIT_MB). */
  heapLimitMb?: number
  /** The worker's file (pageWorkerFile()); null draws in this thread, as when none is found. */
  workerFile?: string | null
}

/**
 * The first page of `bytes`, drawn in a worker within MAX_PAGE_PIXELS and `timeLimitMs` (from
 * when the worker is ready to draw): 'timeout' once the time is up, whatever pdf.js is doing.
 * Never throws.
 */
export async function renderFirstPage(
  bytes: Uint8Array,
  options: FirstPageOptions = {},
): Promise<FirstPage> {
  const timeLimitMs = options.timeLimitMs ?? PAGE_TIME_LIMIT_MS
  const maxPixels = options.maxPixels ?? MAX_PAGE_PIXELS
  const file = options.workerFile === undefined ? pageWorkerFile() : options.workerFile
  const inWorker = file
    ? await drawInWorker(file, bytes, {
        timeLimitMs,
        maxPixels,
        heapLimitMb: options.heapLimitMb ?? PAGE_HEAP_LIMIT_MB,
      })
    : null
  // No worker could be started (its file is missing from this build, worker threads are not
  // available, or it could not load pdf.js): the page is drawn in this thread, as before
  // workers, with the time limit acting between pdf.js's steps. Never worse than that.
  return inWorker ?? drawFirstPage(bytes, { timeLimitMs, maxPixels })
}

type WorkerMessage =
  { type: 'ready' } | { type: 'page'; page: FirstPage } | { type: 'failed'; detail: string }

/** The page drawn by a worker started from `file`, or null if no worker could start. */
function drawInWorker(
  file: string,
  bytes: Uint8Array,
  limits: { timeLimitMs: number; maxPixels: number; heapLimitMb: number },
): Promise<FirstPage | null> {
  const execArgv = workerExecArgv(file)
  if (!execArgv) return Promise.resolve(null)
  const workerData: PageWorkerData = {
    bytes,
    timeLimitMs: limits.timeLimitMs,
    maxPixels: limits.maxPixels,
  }
  let worker: Worker
  try {
    worker = new Worker(file, {
      execArgv,
      workerData,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapLimitMb },
    })
  } catch {
    return Promise.resolve(null)
  }
  return new Promise((resolve) => {
    let ready = false
    let done = false
    let timer: NodeJS.Timeout | undefined
    const finish = (answer: FirstPage | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      // Not awaited: a worker inside a long native call stops when it returns to JavaScript,
      // and the core need not wait for that.
      void worker.terminate().catch(() => undefined)
      resolve(answer)
    }
    const unreadable = (detail: string): FirstPage => ({ drawn: false, why: 'unreadable', detail })
    timer = setTimeout(() => finish(null), START_LIMIT_MS)
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'failed') finish(null)
      else if (m.type === 'page') finish(received(m.page))
      else if (m.type === 'ready' && !ready) {
        ready = true
        clearTimeout(timer)
        timer = setTimeout(
          () =>
            finish({
              drawn: false,
              why: 'timeout',
              detail: `not drawn within ${limits.timeLimitMs / 1000} s`,
            }),
          limits.timeLimitMs,
        )
      }
    })
    // Before 'ready' an error is the worker's own (it could not start): drawn here instead.
    // After it, the file did it: ERR_WORKER_OUT_OF_MEMORY is a heap bomb.
    worker.on('error', (error: Error & { code?: string }) =>
      finish(
        !ready
          ? null
          : error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? unreadable(`drawing it needed more than ${limits.heapLimitMb} MB of memory`)
            : unreadable(message(error)),
      ),
    )
    worker.on('exit', (code) =>
      finish(ready ? unreadable(`the drawing stopped (exit code ${code})`) : null),
    )
  })
}

/** A page as it comes out of the worker: its PNG a Uint8Array again, made a Buffer. */
function received(page: FirstPage): FirstPage {
  if (!page.drawn) return page
  const png = page.png as Uint8Array
  return { ...page, png: Buffer.from(png.buffer, png.byteOffset, png.byteLength) }
}

/*
 * A piece of evidence drawn for case.pdf (a page of a PDF attachment, an image attachment) as
 * a JPEG, in a worker thread the core can stop. The file is anyone's upload to the registry: one
 * of pdf.js's steps (parsing a content stream of a million operators, say) can run for as long
 * as the file likes, a stream can inflate to gigabytes, and a time limit in the core's own thread
 * acts only between steps, so the outbox, the watcher and every call would wait for it. In a
 * worker, the core's thread only waits for a message, and stops the worker (its memory freed
 * with it) when the time is up or when the process's memory has grown more than
 * DRAWING_MEMORY_MB since the worker was ready: V8's heap limit alone does not count the
 * ArrayBuffers an inflated stream or a decoded image lives in, so the core watches the process's
 * resident memory itself, every MEMORY_SAMPLE_MS. One worker per attachment, so no file's state
 * is left for the next (and one per page of a PDF). An image is not even given to a worker when its header declares more
 * than MAX_DECODE_PIXELS (image-draw.ts). `casefile case verify` reads its PDFs' text
 * (readEvidenceText) in the same worker, within the same bounds.
 */

import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { message, type Drawing } from './drawing'
import type { EvidenceJob } from './evidence-worker'
import { drawImage, imageRefusal } from './image-draw'
import { drawPage, MAX_PAGE_PIXELS, PAGE_TIME_LIMIT_MS } from './pdf-draw'
import { readPdfText, type PdfText, type TextLimits } from './pdf-text'

export { MAX_PAGE_PIXELS, PAGE_TIME_LIMIT_MS } from './pdf-draw'
export type { Drawing } from './drawing'

/**
 * The worker's JavaScript heap. A page of 300,000 drawing operators needs about 300 MB (pdf.js
 * keeps every operator's arguments); a heap bomb stops here, in the worker.
 */
export const PAGE_HEAP_LIMIT_MB = 512
/**
 * How far the process's resident memory may grow while a worker draws, over what it was when
 * the worker was ready: a 48-megapixel photo (200 MB decoded) is drawn within it; a PDF that
 * needs more is not. Sampled every MEMORY_SAMPLE_MS, in which a fast inflate adds up to about
 * 100 MB more: with the core's own 200 to 300 MB, an export stays under 1 GB.
 */
export const DRAWING_MEMORY_MB = 384
const MEMORY_SAMPLE_MS = 20
/** How long a worker may take to start and load pdf.js before the page is drawn here instead. */
const START_LIMIT_MS = 20_000

/** The worker's file in each build: source (through tsx), the CLI's ESM, the app's CommonJS. */
const WORKER_NAMES = ['evidence-worker.ts', 'evidence-worker.mjs', 'evidence-worker.js']

/**
 * The worker's file, looked for in the folder of the module that runs this and the one above:
 * src/core/case-file beside this file; out/cli or out/main when this code was bundled into a
 * chunk (out/cli/chunks) or an entry (out/main/core-process.js). Null when there is none.
 */
export function evidenceWorkerFile(
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

export interface DrawingOptions {
  timeLimitMs?: number
  maxPixels?: number
  /** The worker's old-generation heap in MiB (PAGE_HEAP_LIMIT_MB). */
  heapLimitMb?: number
  /** How far the process's memory may grow while it draws, in MiB (DRAWING_MEMORY_MB). */
  memoryLimitMb?: number
  /** The worker's file (evidenceWorkerFile()); null draws in this thread, as when none is found. */
  workerFile?: string | null
  /** Which page of a PDF to draw (from 1; the first when not given). */
  page?: number
}

/**
 * `bytes` drawn in a worker within MAX_PAGE_PIXELS, `timeLimitMs` (from when the worker is ready
 * to draw) and `memoryLimitMb`: a PDF's first page, or an image (never given to a decoder when
 * its header declares too many pixels). 'timeout' once the time is up, 'too-large' once the
 * memory is, whatever the worker is doing. Never throws.
 */
export async function drawEvidence(
  kind: 'pdf' | 'image',
  bytes: Uint8Array,
  options: DrawingOptions = {},
): Promise<Drawing> {
  if (kind === 'image') {
    const refused = imageRefusal(bytes)
    if (refused) return refused
  }
  const timeLimitMs = options.timeLimitMs ?? PAGE_TIME_LIMIT_MS
  const maxPixels = options.maxPixels ?? MAX_PAGE_PIXELS
  const file = options.workerFile === undefined ? evidenceWorkerFile() : options.workerFile
  const inWorker = file
    ? await runInWorker<Drawing>(
        file,
        { kind, bytes, timeLimitMs, maxPixels, page: options.page },
        {
          heapLimitMb: options.heapLimitMb ?? PAGE_HEAP_LIMIT_MB,
          memoryLimitMb: options.memoryLimitMb ?? DRAWING_MEMORY_MB,
        },
        (why, detail) => ({ drawn: false, why, detail: detail('drawn') }),
      )
    : null
  // No worker could be started (its file is missing from this build, worker threads are not
  // available, or it could not load its renderer): drawn in this thread, as before workers,
  // with the time limit acting between pdf.js's steps and images within the pixel cap.
  if (inWorker) return received(inWorker)
  return kind === 'pdf'
    ? drawPage(bytes, { timeLimitMs, maxPixels, page: options.page })
    : drawImage(bytes, maxPixels)
}

/** A PDF's first page (drawEvidence for a PDF). */
export const renderFirstPage = (bytes: Uint8Array, options: DrawingOptions = {}) =>
  drawEvidence('pdf', bytes, options)

/**
 * A PDF's text (pdf-text.ts) read in a worker, as a drawing is made: within `limits` (pages,
 * characters, time) and the same heap and memory bounds. Never throws.
 */
export async function readEvidenceText(
  bytes: Uint8Array,
  limits: TextLimits,
  options: Pick<DrawingOptions, 'heapLimitMb' | 'memoryLimitMb' | 'workerFile'> = {},
): Promise<PdfText> {
  const file = options.workerFile === undefined ? evidenceWorkerFile() : options.workerFile
  const inWorker = file
    ? await runInWorker<PdfText>(
        file,
        { kind: 'text', bytes, ...limits },
        {
          heapLimitMb: options.heapLimitMb ?? PAGE_HEAP_LIMIT_MB,
          memoryLimitMb: options.memoryLimitMb ?? DRAWING_MEMORY_MB,
        },
        (why, detail) => ({ read: false, why, detail: detail('read') }),
      )
    : null
  // As for a drawing: with no worker, read in this thread, the time limit between pdf.js's steps.
  return inWorker ?? readPdfText(bytes, limits)
}

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

const MB = 1024 * 1024
const doing = (verb: 'drawn' | 'read') => (verb === 'drawn' ? 'drawing' : 'reading')

/**
 * The answer of a worker started from `file` for `workerData`, or null if none could start.
 * `onPage`: each page of a PDF as the worker draws it; the time limit is then each page's.
 */
export function runInWorker<A>(
  file: string,
  workerData: EvidenceJob,
  limits: { heapLimitMb: number; memoryLimitMb: number },
  failed: Failed<A>,
  onPage?: (answer: unknown) => void,
): Promise<A | null> {
  const execArgv = workerExecArgv(file)
  if (!execArgv) return Promise.resolve(null)
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
    let watch: NodeJS.Timeout | undefined
    const finish = (answer: A | null) => {
      if (done) return
      done = true
      clearTimeout(timer)
      clearInterval(watch)
      // Its memory is given back before the next worker starts (that one's baseline would
      // count it); but a worker inside a long native call stops only when it returns to
      // JavaScript, and the core waits at most a second for that.
      const stopped = worker.terminate().catch(() => undefined)
      void Promise.race([stopped, new Promise((r) => setTimeout(r, 1000).unref())]).then(() =>
        resolve(answer),
      )
    }
    const unreadable = (detail: string) => failed('unreadable', () => detail)
    const tooLarge = (mb: number) =>
      failed('too-large', (verb) => `${doing(verb)} it needed more than ${mb} MB of memory`)
    timer = setTimeout(() => finish(null), START_LIMIT_MS)
    const startClock = () => {
      clearTimeout(timer)
      timer = setTimeout(
        () =>
          finish(
            failed('timeout', (verb) => `not ${verb} within ${workerData.timeLimitMs / 1000} s`),
          ),
        workerData.timeLimitMs,
      )
    }
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'failed') finish(null)
      else if (m.type === 'page' && ready && !done) {
        onPage?.(m.answer)
        startClock()
      } else if (m.type === 'done') finish(m.answer as A)
      else if (m.type === 'ready' && !ready) {
        ready = true
        clearTimeout(timer)
        // The whole process's resident memory: the worker's heap and, what V8's limit does not
        // see, the ArrayBuffers and native memory (inflated streams, decoded pixels) it holds.
        const baseline = process.memoryUsage.rss()
        watch = setInterval(() => {
          if (process.memoryUsage.rss() - baseline > limits.memoryLimitMb * MB)
            finish(tooLarge(limits.memoryLimitMb))
        }, MEMORY_SAMPLE_MS)
        startClock()
        worker.postMessage('go')
      }
    })
    // Before 'ready' an error is the worker's own (it could not start): drawn here instead.
    // After it, the file did it: ERR_WORKER_OUT_OF_MEMORY is a heap bomb.
    worker.on('error', (error: Error & { code?: string }) =>
      finish(
        !ready
          ? null
          : error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? tooLarge(limits.heapLimitMb)
            : unreadable(message(error)),
      ),
    )
    worker.on('exit', (code) =>
      finish(
        ready
          ? failed('unreadable', (verb) => `the ${doing(verb)} stopped (exit code ${code})`)
          : null,
      ),
    )
  })
}

/** A drawing as it comes out of the worker: its JPEG a Uint8Array again, made a Buffer. */
export function received(drawing: Drawing): Drawing {
  if (!drawing.drawn) return drawing
  const jpeg = drawing.jpeg as Uint8Array
  return { ...drawing, jpeg: Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength) }
}

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
 * resident memory itself, every MEMORY_SAMPLE_MS (evidence-thread.ts). One worker per attachment
 * here, all of a PDF's pages in it; a case's drawing pool keeps a lane's worker for its next file
 * (each file in a document of its own). An image is not even given to a worker when its header declares more
 * than MAX_DECODE_PIXELS (image-draw.ts). `casefile case verify` reads its PDFs' text
 * (readEvidenceText) in the same worker, within the same bounds.
 */

import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Drawing } from './drawing'
import { runInWorker, type DrawingLane } from './evidence-thread'
import { drawImage, imageRefusal } from './image-draw'
import { drawPage, MAX_PAGE_PIXELS, PAGE_TIME_LIMIT_MS } from './pdf-draw'
import { readPdfText, type PdfText, type TextLimits } from './pdf-text'

export { MAX_PAGE_PIXELS, PAGE_TIME_LIMIT_MS } from './pdf-draw'
export { runInWorker, type Failed } from './evidence-thread'
export type { Drawing } from './drawing'

type Failure = 'unreadable' | 'timeout' | 'too-large'

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
  /** A lane of a case's drawing pool: drawn in its worker, kept for the next file. */
  lane?: DrawingLane
}

/**
 * `bytes` (or the file at `path`, read by the worker) drawn in a worker within MAX_PAGE_PIXELS, `timeLimitMs` (from when the worker is ready
 * to draw) and `memoryLimitMb`: a PDF's first page, or an image (never given to a decoder when
 * its header declares too many pixels). 'timeout' once the time is up, 'too-large' once the
 * memory is, whatever the worker is doing. Never throws.
 */
export async function drawEvidence(
  kind: 'pdf' | 'image',
  bytes: Uint8Array | { path: string },
  options: DrawingOptions = {},
): Promise<Drawing> {
  // A staged file is read by the worker, which reads the image's header before it decodes.
  if (kind === 'image' && !('path' in bytes)) {
    const refused = imageRefusal(bytes)
    if (refused) return refused
  }
  const timeLimitMs = options.timeLimitMs ?? PAGE_TIME_LIMIT_MS
  const maxPixels = options.maxPixels ?? MAX_PAGE_PIXELS
  const file = options.workerFile === undefined ? evidenceWorkerFile() : options.workerFile
  const job = { kind, bytes, timeLimitMs, maxPixels, page: options.page }
  const limits = {
    heapLimitMb: options.heapLimitMb ?? PAGE_HEAP_LIMIT_MB,
    memoryLimitMb: options.memoryLimitMb ?? DRAWING_MEMORY_MB,
  }
  const failed = (why: Failure, detail: (verb: 'drawn') => string): Drawing => ({
    drawn: false,
    why,
    detail: detail('drawn'),
  })
  const inWorker = !file
    ? null
    : options.lane
      ? await options.lane.run<Drawing>(job, limits, failed)
      : await runInWorker<Drawing>(file, job, limits, failed)
  // No worker could be started (its file is missing from this build, worker threads are not
  // available, or it could not load its renderer): drawn in this thread, as before workers,
  // with the time limit acting between pdf.js's steps and images within the pixel cap.
  if (inWorker) return received(inWorker)
  const data = 'path' in bytes ? await readFile(bytes.path) : bytes
  return kind === 'pdf'
    ? drawPage(data, { timeLimitMs, maxPixels, page: options.page })
    : drawImage(data, maxPixels)
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

/** A drawing as it comes out of the worker: its JPEG a Uint8Array again, made a Buffer. */
export function received(drawing: Drawing): Drawing {
  if (!drawing.drawn) return drawing
  const jpeg = drawing.jpeg as Uint8Array
  return { ...drawing, jpeg: Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength) }
}

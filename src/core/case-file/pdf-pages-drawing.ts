import { readFile } from 'node:fs/promises'
import type { Drawing } from './drawing'
import {
  DRAWING_MEMORY_MB,
  evidenceWorkerFile,
  PAGE_HEAP_LIMIT_MB,
  received,
  runInWorker,
  type DrawingOptions,
  type Failed,
} from './evidence-drawing'
import { drawPages, MAX_PAGE_PIXELS, PAGE_TIME_LIMIT_MS } from './pdf-draw'

/*
 * Every page of a PDF attachment for case.pdf, up to MAX_DRAWN_PAGES, drawn in one worker
 * (evidence-worker.ts) with the bounds of a single drawing: each page within the time limit
 * (the core's clock restarts as each page comes back), the pixel cap per page, the worker's
 * heap and the process's memory over the whole file. A worker per page would load pdf.js once
 * a page: seconds each on a busy machine.
 */

/** The most pages of one PDF attachment case.pdf draws; the rest are in the file in the zip. */
export const MAX_DRAWN_PAGES = 20

/** A PDF's pages as drawn: each page from the first, up to the cap or the first that failed. */
export interface DrawnPages {
  /** Page 1, 2, … in order; the last may be a failure (why it and those after were not drawn). */
  pages: Drawing[]
  /** How many pages the file has; null when not even its first page could be opened. */
  total: number | null
}

const totalOf = (pages: readonly Drawing[]) => {
  const first = pages[0]
  return first?.drawn ? (first.pages ?? 1) : null
}

/**
 * The pages of `bytes` (or of the file at `path`, read by the worker) from the first, up to
 * `maxPages` (MAX_DRAWN_PAGES), stopping at the first that cannot be drawn (said as the last of
 * `pages`). Never throws.
 */
export async function drawPdfPages(
  bytes: Uint8Array | { path: string },
  options: DrawingOptions & { maxPages?: number } = {},
): Promise<DrawnPages> {
  const maxPages = options.maxPages ?? MAX_DRAWN_PAGES
  const timeLimitMs = options.timeLimitMs ?? PAGE_TIME_LIMIT_MS
  const maxPixels = options.maxPixels ?? MAX_PAGE_PIXELS
  const pages: Drawing[] = []
  const file = options.workerFile === undefined ? evidenceWorkerFile() : options.workerFile
  const job = { kind: 'pages' as const, bytes, timeLimitMs, maxPixels, maxPages }
  const limits = {
    heapLimitMb: options.heapLimitMb ?? PAGE_HEAP_LIMIT_MB,
    memoryLimitMb: options.memoryLimitMb ?? DRAWING_MEMORY_MB,
  }
  const failed: Failed<Drawing> = (why, detail) => ({ drawn: false, why, detail: detail('drawn') })
  const onPage = (page: unknown) => void pages.push(received(page as Drawing))
  const end = !file
    ? null
    : options.lane
      ? await options.lane.run<Drawing | { finished: true }>(job, limits, failed, onPage)
      : await runInWorker<Drawing | { finished: true }>(file, job, limits, failed, onPage)
  if (end) {
    // Stopped by a bound (time, memory) or a failure: the page being drawn is said not drawn.
    if (!('finished' in end)) pages.push(end)
    return { pages, total: totalOf(pages) }
  }
  // No worker could be started: drawn in this thread, as a single drawing is.
  const data = 'path' in bytes ? await readFile(bytes.path) : bytes
  await drawPages(data, { timeLimitMs, maxPixels, last: maxPages }, (d) => pages.push(d))
  return { pages, total: totalOf(pages) }
}

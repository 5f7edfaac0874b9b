/*
 * The worker thread that draws one piece of evidence for case.pdf, a page of a PDF or an
 * image, or reads a case file's PDF's text back for `casefile case verify` (started by
 * evidence-thread.ts: one thread per file, or a lane's thread kept for the next file; stopped
 * when its time is up or the process's memory has grown too far). Its own file in every build: the source under
 * vitest and `npm run casefile` (through tsx), out/cli/evidence-worker.mjs in the `casefile`
 * command, out/main/evidence-worker.js in the app's core process.
 *
 * Messages to the core: { type: 'ready' } once what it draws with is loaded, then (after the
 * core's 'go', or each { job } sent to a lane, when its clock and memory baseline have started)
 * { type: 'done', answer } with
 * the drawing or the text; { type: 'failed' } if it cannot be loaded here (the core then tries in its own
 * thread, as before workers).
 */

import { readFile } from 'node:fs/promises'
import { parentPort, workerData } from 'node:worker_threads'
import { message } from './drawing'
import { drawImage, loadCanvas } from './image-draw'
import { drawPage, drawPages, loadPdfJsWorker, loadRenderer } from './pdf-draw'
import { loadPdfJs, readPdfText, type TextLimits } from './pdf-text'
import type { WorkerData } from './evidence-thread'

export type EvidenceJob =
  | {
      kind: 'pdf' | 'image'
      /** Its bytes, or the file they are staged in (read here: the core holds no copy). */
      bytes: Uint8Array | { path: string }
      timeLimitMs: number
      maxPixels: number
      /** Which page of a PDF (from 1; the first when not given). */
      page?: number
    }
  /**
   * A PDF's pages from the first, each sent as drawn (`page` messages), up to `maxPages`; its
   * bytes, or the file they are staged in (read here: the core holds no copy of it).
   */
  | {
      kind: 'pages'
      bytes: Uint8Array | { path: string }
      timeLimitMs: number
      maxPixels: number
      maxPages: number
    }
  /** A PDF's text, for verify. */
  | ({ kind: 'text'; bytes: Uint8Array } & TextLimits)

function loaded(job: WorkerData): Promise<unknown> {
  if (job.kind === 'lane') return Promise.all([loadRenderer(), loadPdfJsWorker(), loadCanvas()])
  if (job.kind === 'pages') return Promise.all([loadRenderer(), loadPdfJsWorker()])
  if (job.kind === 'pdf') return loadRenderer()
  return job.kind === 'text' ? loadPdfJs() : loadCanvas()
}

/** Each page drawn and sent in turn (the core's clock restarts for each); stops at a failure. */
async function pages(
  job: Extract<EvidenceJob, { kind: 'pages' }>,
  send: (drawing: unknown) => void,
): Promise<{ finished: true }> {
  // A staged file is read for pdf.js alone: handed over, not copied.
  const handedOver = 'path' in job.bytes
  await drawPages(await read(job.bytes), { ...job, last: job.maxPages, handedOver }, send)
  return { finished: true }
}

const read = (bytes: Uint8Array | { path: string }) =>
  'path' in bytes ? readFile(bytes.path) : Promise.resolve(bytes)

async function answer(job: EvidenceJob, send: (drawing: unknown) => void): Promise<unknown> {
  if (job.kind === 'text') return readPdfText(job.bytes, job)
  if (job.kind === 'pages') return pages(job, send)
  const bytes = await read(job.bytes)
  return job.kind === 'pdf'
    ? drawPage(bytes, { timeLimitMs: job.timeLimitMs, maxPixels: job.maxPixels, page: job.page })
    : drawImage(bytes, job.maxPixels)
}

const port = parentPort
if (port) {
  const data = workerData as WorkerData
  loaded(data).then(
    () => {
      // Drawn once the core says go (the job it was started with) or sends a job (a lane's
      // next file): its clock and its memory baseline start before the file is touched.
      port.on('message', async (order: 'go' | { job: EvidenceJob }) => {
        const job = order === 'go' ? (data as EvidenceJob) : order.job
        port.postMessage({
          type: 'done',
          answer: await answer(job, (drawing) =>
            port.postMessage({ type: 'page', answer: drawing }),
          ),
        })
      })
      port.postMessage({ type: 'ready' })
    },
    (error: unknown) => port.postMessage({ type: 'failed', detail: message(error) }),
  )
}

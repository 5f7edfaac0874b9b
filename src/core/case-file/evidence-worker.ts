/*
 * The worker thread that draws one piece of evidence for case.pdf, a page of a PDF or an
 * image, or reads a case file's PDF's text back for `casefile case verify` (started by
 * evidence-drawing.ts, one thread per file, stopped when its time is up or the process's memory
 * has grown too far). Its own file in every build: the source under
 * vitest and `npm run casefile` (through tsx), out/cli/evidence-worker.mjs in the `casefile`
 * command, out/main/evidence-worker.js in the app's core process.
 *
 * Messages to the core: { type: 'ready' } once what it draws with is loaded, then (after the
 * core's 'go', when its clock and memory baseline have started) { type: 'done', answer } with
 * the drawing or the text; { type: 'failed' } if it cannot be loaded here (the core then tries in its own
 * thread, as before workers).
 */

import { parentPort, workerData } from 'node:worker_threads'
import { message } from './drawing'
import { drawImage, loadCanvas } from './image-draw'
import { drawPage, loadPdfJsWorker, loadRenderer } from './pdf-draw'
import { loadPdfJs, readPdfText, type TextLimits } from './pdf-text'

export type EvidenceJob =
  | {
      kind: 'pdf' | 'image'
      bytes: Uint8Array
      timeLimitMs: number
      maxPixels: number
      /** Which page of a PDF (from 1; the first when not given). */
      page?: number
    }
  /** A PDF's pages from the first, each sent as drawn (`page` messages), up to `maxPages`. */
  | { kind: 'pages'; bytes: Uint8Array; timeLimitMs: number; maxPixels: number; maxPages: number }
  /** A PDF's text, for verify. */
  | ({ kind: 'text'; bytes: Uint8Array } & TextLimits)

function loaded(job: EvidenceJob): Promise<unknown> {
  if (job.kind === 'pages') return Promise.all([loadRenderer(), loadPdfJsWorker()])
  if (job.kind === 'pdf') return loadRenderer()
  return job.kind === 'text' ? loadPdfJs() : loadCanvas()
}

/** Each page drawn and sent in turn (the core's clock restarts for each); stops at a failure. */
async function pages(
  job: Extract<EvidenceJob, { kind: 'pages' }>,
  send: (drawing: unknown) => void,
): Promise<{ finished: true }> {
  let total = 1
  for (let page = 1; page <= Math.min(job.maxPages, total); page++) {
    const drawing = await drawPage(job.bytes, { ...job, page })
    send(drawing)
    if (!drawing.drawn) break
    total = drawing.pages ?? 1
  }
  return { finished: true }
}

function answer(job: EvidenceJob, send: (drawing: unknown) => void): Promise<unknown> {
  if (job.kind === 'text') return readPdfText(job.bytes, job)
  if (job.kind === 'pages') return pages(job, send)
  return job.kind === 'pdf'
    ? drawPage(job.bytes, {
        timeLimitMs: job.timeLimitMs,
        maxPixels: job.maxPixels,
        page: job.page,
      })
    : drawImage(job.bytes, job.maxPixels)
}

const port = parentPort
if (port) {
  const job = workerData as EvidenceJob
  loaded(job).then(
    () => {
      // Drawn once the core says go: its clock and its memory baseline start before the file
      // is touched.
      port.once('message', async () =>
        port.postMessage({
          type: 'done',
          answer: await answer(job, (drawing) =>
            port.postMessage({ type: 'page', answer: drawing }),
          ),
        }),
      )
      port.postMessage({ type: 'ready' })
    },
    (error: unknown) => port.postMessage({ type: 'failed', detail: message(error) }),
  )
}

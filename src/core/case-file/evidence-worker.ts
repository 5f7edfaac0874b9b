/*
 * The worker thread that draws one piece of evidence for case.pdf, a PDF's first page or an
 * image (started by evidence-drawing.ts, one thread per attachment, stopped when its time is up
 * or the process's memory has grown too far). Its own file in every build: the source under
 * vitest and `npm run casefile` (through tsx), out/cli/evidence-worker.mjs in the `casefile`
 * command, out/main/evidence-worker.js in the app's core process.
 *
 * Messages to the core: { type: 'ready' } once what it draws with is loaded, then (after the
 * core's 'go', when its clock and memory baseline have started) { type: 'drawn', drawing } with
 * the answer; { type: 'failed' } if it cannot be loaded here (the core then tries in its own
 * thread, as before workers).
 */

import { parentPort, workerData } from 'node:worker_threads'
import { message } from './drawing'
import { drawImage, loadCanvas } from './image-draw'
import { drawFirstPage, loadRenderer } from './pdf-draw'

export interface EvidenceJob {
  kind: 'pdf' | 'image'
  bytes: Uint8Array
  timeLimitMs: number
  maxPixels: number
}

const port = parentPort
if (port) {
  const job = workerData as EvidenceJob
  const loaded: Promise<unknown> = job.kind === 'pdf' ? loadRenderer() : loadCanvas()
  loaded.then(
    () => {
      // Drawn once the core says go: its clock and its memory baseline start before the file
      // is touched.
      port.once('message', async () => {
        const drawing =
          job.kind === 'pdf'
            ? await drawFirstPage(job.bytes, {
                timeLimitMs: job.timeLimitMs,
                maxPixels: job.maxPixels,
              })
            : await drawImage(job.bytes, job.maxPixels)
        port.postMessage({ type: 'drawn', drawing })
      })
      port.postMessage({ type: 'ready' })
    },
    (error: unknown) => port.postMessage({ type: 'failed', detail: message(error) }),
  )
}

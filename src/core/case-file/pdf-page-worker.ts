/*
 * The worker thread that draws one PDF attachment's first page (started by pdf-first-page.ts,
 * one thread per attachment, stopped when its time is up). Its own file in every build: the
 * source under vitest and `npm run casefile` (through tsx), out/cli/pdf-page-worker.mjs in the
 * `casefile` command, out/main/pdf-page-worker.js in the app's core process.
 *
 * Messages to the core: { type: 'ready' } once pdf.js and the canvas are loaded (the core's
 * clock for the page starts then), { type: 'page', page } with the answer; { type: 'failed' }
 * if they cannot be loaded here (the core then tries in its own thread, as before workers).
 */

import { parentPort, workerData } from 'node:worker_threads'
import { drawFirstPage, loadRenderer, message } from './pdf-draw'

export interface PageWorkerData {
  bytes: Uint8Array
  timeLimitMs: number
  maxPixels: number
}

const port = parentPort
if (port) {
  const job = workerData as PageWorkerData
  loadRenderer().then(
    async () => {
      port.postMessage({ type: 'ready' })
      const page = await drawFirstPage(job.bytes, {
        timeLimitMs: job.timeLimitMs,
        maxPixels: job.maxPixels,
      })
      port.postMessage({ type: 'page', page })
    },
    (error: unknown) => port.postMessage({ type: 'failed', detail: message(error) }),
  )
}

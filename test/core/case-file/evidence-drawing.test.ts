import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { drawFirstPage } from '../../../src/core/case-file/pdf-draw'
import {
  drawEvidence,
  evidenceWorkerFile,
  renderFirstPage,
} from '../../../src/core/case-file/evidence-drawing'
import { PHOTO_JPEG, STATEMENT_PDF } from './case-file-support'
import { jpegDeclaring, pdfContentBomb, pngBomb } from '../../support/hostile-images'
import { drawnPdf } from '../../support/sample-files'
import { pngFile } from '../../../src/core/case-file/drawing'

/** A JPEG's frame header (SOF0 to SOF2): its size and number of colour components. */
function jpegFrame(bytes: Buffer): { width: number; height: number; components: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]!
    if (marker >= 0xc0 && marker <= 0xc2)
      return {
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
        components: bytes[at + 9]!,
      }
    at += 2 + bytes.readUInt16BE(at + 2)
  }
  return null
}

/*
 * A PDF's first page drawn in a worker thread the core stops when the time is up, against a
 * real hostile file: one whose single pdf.js step outlasts the time limit.
 */

const ROOT = join(__dirname, '..', '..', '..')

/** A one-page A4 PDF with this content stream, with a correct xref table. */
const pdfWithContent = (content: string) => drawnPdf(content, { size: [595, 842] })

/**
 * 300,000 tiny filled squares (5 MB). pdf.js parses a content stream into its operator list in
 * one step as far as the event loop is concerned (it pauses on promises, never on timers): several
 * seconds here, during which a timer in the same thread cannot fire.
 */
const SLOW_PDF = pdfWithContent(
  Array.from({ length: 300_000 }, (_, i) => `${i % 500} ${(i * 7) % 800} 1 1 re f`).join('\n'),
)

/** `work`, with a 20 ms interval ticking on this thread: how long it took, the longest gap. */
async function watched<T>(work: () => Promise<T>) {
  let last = performance.now()
  let longestGapMs = 0
  const ticking = setInterval(() => {
    const now = performance.now()
    longestGapMs = Math.max(longestGapMs, now - last)
    last = now
  }, 20)
  const start = performance.now()
  try {
    const result = await work()
    return {
      result,
      ms: performance.now() - start,
      longestGapMs: Math.max(longestGapMs, performance.now() - last),
    }
  } finally {
    clearInterval(ticking)
  }
}

describe("a PDF's first page in a worker thread", () => {
  it('finds the worker file beside the source, and beside the code of each build', () => {
    expect(evidenceWorkerFile()).toBe(join(ROOT, 'src/core/case-file/evidence-worker.ts'))
    // The built `casefile` command (the test run's global setup builds it): the chunk that
    // starts the worker is in out/cli/chunks, the worker in out/cli.
    const chunks = join(ROOT, 'out/cli/chunks')
    const starter = readdirSync(chunks).find((name) =>
      readFileSync(join(chunks, name), 'utf8').includes('function evidenceWorkerFile('),
    )
    expect(starter).toBeDefined()
    expect(evidenceWorkerFile(pathToFileURL(join(chunks, starter!)).href)).toBe(
      join(ROOT, 'out/cli/evidence-worker.mjs'),
    )
    // The app's layout (electron-vite's main build): out/main/core-process.js or a chunk of
    // out/main/chunks, the worker out/main/evidence-worker.js.
    const root = mkdtempSync(join(tmpdir(), 'casefile-worker-'))
    const file = (path: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), '')
      return pathToFileURL(join(root, path)).href
    }
    const entry = file('main/core-process.js')
    const chunk = file('main/chunks/case-pdf-abc.js')
    expect(evidenceWorkerFile(entry)).toBeNull()
    file('main/evidence-worker.js')
    expect(evidenceWorkerFile(entry)).toBe(join(root, 'main/evidence-worker.js'))
    expect(evidenceWorkerFile(chunk)).toBe(join(root, 'main/evidence-worker.js'))
  })

  it('draws the first page in the worker', async () => {
    const page = await renderFirstPage(STATEMENT_PDF)
    expect(page).toMatchObject({ drawn: true, width: 1000, height: 1415 })
    if (!page.drawn) return
    expect(Buffer.isBuffer(page.jpeg)).toBe(true)
    // A JPEG of the drawing's own size, in colour: what case.pdf embeds as it is (DCTDecode).
    expect(jpegFrame(page.jpeg)).toEqual({ width: 1000, height: 1415, components: 3 })
  })

  it('draws in this thread, as before, when no worker can be started', async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'casefile-worker-')), 'broken.mjs')
    writeFileSync(broken, "throw new Error('this worker cannot start')\n")
    for (const workerFile of [null, broken, join(tmpdir(), 'no-such-worker.mjs')])
      expect(await renderFirstPage(STATEMENT_PDF, { workerFile })).toMatchObject({
        drawn: true,
        width: 1000,
      })
  })

  it(
    'stops a PDF that outlasts the limit within one step, and the calling thread keeps running',
    { timeout: 90_000 },
    async () => {
      const limit = 500
      await drawFirstPage(STATEMENT_PDF) // pdf.js loaded in this thread: only the file is timed
      const here = await watched(() => drawFirstPage(SLOW_PDF, { timeLimitMs: limit }))
      // In one thread the limit cannot fire while pdf.js parses: the thread is held beyond it.
      expect(here.longestGapMs).toBeGreaterThan(2 * limit)

      const worker = await watched(() => renderFirstPage(SLOW_PDF, { timeLimitMs: limit }))
      expect(worker.result).toEqual({
        drawn: false,
        why: 'timeout',
        detail: 'not drawn within 0.5 s',
      })
      // The limit counts from when the worker is ready (starting one from source, through tsx,
      // takes 1 to 2 s here); meanwhile this thread ticked on.
      expect(worker.ms).toBeLessThan(limit + 6000)
      expect(worker.longestGapMs).toBeLessThan(limit)
      // The worker was terminated, not left parsing: this process is idle again.
      const before = process.cpuUsage()
      await sleep(1000)
      const used = process.cpuUsage(before)
      expect((used.user + used.system) / 1000).toBeLessThan(500)
    },
  )

  it('answers "too-large" when the file needs more heap than the worker has', async () => {
    const page = await renderFirstPage(SLOW_PDF, { heapLimitMb: 128, timeLimitMs: 30_000 })
    expect(page).toEqual({
      drawn: false,
      why: 'too-large',
      detail: 'drawing it needed more than 128 MB of memory',
    })
  }, 60_000)

  it('stops a Flate bomb by the memory it takes, which the heap limit does not count', async () => {
    // 1.5 GB of zeros in a 1.5 MB content stream: pdf.js keeps every inflated byte, in
    // ArrayBuffers outside V8's heap. The time limit is long; the memory watch stops it.
    const bomb = pdfContentBomb(1_500_000_000)
    const page = await renderFirstPage(bomb, { timeLimitMs: 120_000, memoryLimitMb: 256 })
    expect(page).toEqual({
      drawn: false,
      why: 'too-large',
      detail: 'drawing it needed more than 256 MB of memory',
    })
  }, 150_000)
})

describe('an image drawn for a case file', () => {
  it('draws a photo in the worker as a JPEG Casefile made, of its own size', async () => {
    const drawing = await drawEvidence('image', PHOTO_JPEG)
    expect(drawing).toMatchObject({ drawn: true, width: 160, height: 90 })
    if (!drawing.drawn) return
    // Baseline, 8 bits, three components (no alpha: drawn on white), so pdfkit embeds it as it
    // is, decoding nothing; a new file, not the attachment's bytes passed through.
    expect(jpegFrame(drawing.jpeg)).toEqual({ width: 160, height: 90, components: 3 })
    expect(drawing.jpeg.equals(PHOTO_JPEG)).toBe(false)
  })

  it('draws a PNG with transparency as a JPEG on white', async () => {
    // 2×2 RGBA, every pixel fully transparent: drawn on white, so every pixel comes out white.
    const clear = pngFile(2, 2, 'rgba', deflateSync(Buffer.alloc(2 * 9)))
    const drawing = await drawEvidence('image', clear)
    expect(drawing).toMatchObject({ drawn: true, width: 2, height: 2 })
    if (!drawing.drawn) return
    const { loadImage, createCanvas } = await import('@napi-rs/canvas')
    const image = await loadImage(drawing.jpeg)
    const context = createCanvas(2, 2).getContext('2d')
    context.drawImage(image, 0, 0)
    for (const value of context.getImageData(0, 0, 2, 2).data) expect(value).toBeGreaterThan(250)
  })

  it('refuses, by its header and before any decoder, an image declaring more pixels than the cap', async () => {
    // A decoder would not be reached: no worker is given these (workerFile null would draw in
    // this thread, and the answer is the same, at once).
    for (const workerFile of [undefined, null]) {
      expect(await drawEvidence('image', pngBomb(16000, 16000), { workerFile })).toEqual({
        drawn: false,
        why: 'too-large',
        detail: 'it declares 16,000 \u00d7 16,000 pixels, more than Casefile draws',
      })
      expect(await drawEvidence('image', jpegDeclaring(60000, 60000), { workerFile })).toEqual({
        drawn: false,
        why: 'too-large',
        detail: 'it declares 60,000 \u00d7 60,000 pixels, more than Casefile draws',
      })
      expect(await drawEvidence('image', PHOTO_JPEG.subarray(0, 40), { workerFile })).toMatchObject(
        { drawn: false, why: 'unreadable' },
      )
    }
  })
})

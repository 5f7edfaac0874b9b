/*
 * A page of a PDF attachment as a JPEG (drawing.ts), for case.pdf: pdf.js (its legacy build, for plain
 * Node and Electron's utility process) drawing on @napi-rs/canvas, in the thread that calls it.
 * Both are loaded only when a case file has a PDF attachment, so no other command pays for them.
 * The file is the registry's (anyone's) upload, so it is treated as hostile: no XFA, no font
 * loading into a page, no eval, embedded images and the canvas capped in pixels, a time limit,
 * and every failure an answer ("could not be drawn"), never an exception out of the core.
 *
 * The core does not call this itself: evidence-drawing.ts runs it in a worker thread it can stop
 * (evidence-worker.ts), because the time limit here acts only between pdf.js's steps, and calls
 * it in its own thread only when no worker can be started.
 */

import { createRequire } from 'node:module'
import { dirname, join, sep } from 'node:path'
import type * as CanvasModule from '@napi-rs/canvas'
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs'
import { MAX_DECODE_PIXELS } from '../../shared/image-size'
import { canvasJpeg, drawingScale, message, type Drawing } from './drawing'

/** The canvas at most: 2 million pixels (an A4 page at about 170 dpi). */
export const MAX_PAGE_PIXELS = 2_000_000
/** The time allowed to open the file and draw one of its pages. */
export const PAGE_TIME_LIMIT_MS = 5_000

type PdfJs = typeof PdfJsModule
type Canvas = typeof CanvasModule
type RenderParameters = Parameters<
  Awaited<ReturnType<PdfJsModule.PDFDocumentProxy['getPage']>>['render']
>[0]

let renderer: Promise<{ pdfjs: PdfJs; canvas: Canvas }> | null = null

/**
 * pdf.js's own "worker" code, which in Node it runs in the calling thread and imports on the
 * first getDocument, inside a page's time limit: on a busy machine that import alone can take
 * the 5 s. The worker that draws a PDF's pages loads it before it says it is ready.
 */
export async function loadPdfJsWorker(): Promise<void> {
  const worker: unknown = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
  ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker ??= worker
}

/** pdf.js and the canvas, loaded once, on first use. */
export function loadRenderer(): Promise<{ pdfjs: PdfJs; canvas: Canvas }> {
  renderer ??= Promise.all([
    import('@napi-rs/canvas'),
    import('pdfjs-dist/legacy/build/pdf.mjs'),
  ]).then(([canvas, pdfjs]) => ({ canvas, pdfjs }))
  // A failed load is remembered: the same answer for every attachment of this process.
  return renderer
}

let dataFolders: { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string } | null = null

/**
 * pdf.js's own data, read from its package's folders: the 14 standard fonts (a page that names
 * Helvetica without embedding it), the character maps of CJK fonts, and its WebAssembly decoders
 * (JPEG 2000, colour profiles).
 */
export function pdfjsData() {
  if (dataFolders) return dataFolders
  const dir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
  const folder = (name: string) => `${join(dir, name)}${sep}`
  return (dataFolders = {
    standardFontDataUrl: folder('standard_fonts'),
    cMapUrl: folder('cmaps'),
    wasmUrl: folder('wasm'),
  })
}

/**
 * How pdf.js opens a PDF anyone may have written, to draw it or to read its text: the same
 * options for both, so neither reader is laxer than the other.
 */
export function hostilePdfParams(bytes: Uint8Array, handedOver = false) {
  return {
    // pdf.js takes the buffer over: it gets a copy, the caller keeps its bytes; unless the
    // caller hands them over (a worker's file, read for pdf.js alone: 5 MB not allocated twice).
    data:
      handedOver && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
        ? new Uint8Array(bytes.buffer, 0, bytes.byteLength)
        : new Uint8Array(bytes),
    enableXfa: false,
    // No fonts installed into the process and none looked for on this computer: the
    // embedded fonts are drawn as paths, the standard fonts from pdf.js's own copies.
    disableFontFace: true,
    useSystemFonts: false,
    ...pdfjsData(),
    cMapPacked: true,
    // An embedded image of more pixels than Casefile decodes anywhere is left out, not decoded.
    maxImageSize: MAX_DECODE_PIXELS,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  }
}

/** The first page of `bytes` (drawPage's page 1). */
export const drawFirstPage = (
  bytes: Uint8Array,
  options: { timeLimitMs?: number; maxPixels?: number } = {},
) => drawPage(bytes, options)

/**
 * Page `options.page` (from 1) of `bytes`, drawn in this thread within MAX_PAGE_PIXELS and
 * `timeLimitMs` (checked between pdf.js's steps only), with the file's number of pages. Never
 * throws; a page the file does not have is 'unreadable'.
 */
export async function drawPage(
  bytes: Uint8Array,
  options: { timeLimitMs?: number; maxPixels?: number; page?: number } = {},
): Promise<Drawing> {
  let drawn: Drawing | null = null
  const page = options.page ?? 1
  await drawPages(bytes, { ...options, first: page, last: page }, (d) => (drawn = d))
  return drawn ?? { drawn: false, why: 'unreadable', detail: `it has no page ${page}` }
}

/**
 * Pages `first` to `last` (from 1, at most the file's) of `bytes`, each given to `onPage` as it
 * is drawn, stopping at the first that cannot be (given as not drawn). The file is opened once
 * (a page opened on its own parses the whole file again); each page is drawn within
 * `timeLimitMs`, the first with the file's opening. Never throws.
 */
export async function drawPages(
  bytes: Uint8Array,
  options: {
    timeLimitMs?: number
    maxPixels?: number
    first?: number
    last?: number
    /** `bytes` are pdf.js's to keep (hostilePdfParams): read for this drawing alone. */
    handedOver?: boolean
  },
  onPage: (drawing: Drawing) => void,
): Promise<void> {
  const timeLimitMs = options.timeLimitMs ?? PAGE_TIME_LIMIT_MS
  const maxPixels = options.maxPixels ?? MAX_PAGE_PIXELS
  let loaded: { pdfjs: PdfJs; canvas: Canvas }
  try {
    loaded = await loadRenderer()
  } catch (error) {
    return onPage({ drawn: false, why: 'unavailable', detail: message(error) })
  }
  const { pdfjs, canvas } = loaded
  const task = pdfjs.getDocument(hostilePdfParams(bytes, options.handedOver))
  let drawing: { cancel(): void } | null = null
  /** `work` within the time limit: on time, its answer; else the page is said not drawn. */
  const timed = async (work: Promise<Drawing>): Promise<Drawing> => {
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<Drawing>((resolve) => {
      timer = setTimeout(() => {
        drawing?.cancel()
        void task.destroy().catch(() => undefined)
        resolve({
          drawn: false,
          why: 'timeout',
          detail: `not drawn within ${timeLimitMs / 1000} s`,
        })
      }, timeLimitMs)
    })
    try {
      return await Promise.race([
        work.catch((error: unknown): Drawing => ({
          drawn: false,
          why: 'unreadable',
          detail: message(error),
        })),
        timedOut,
      ])
    } finally {
      clearTimeout(timer)
    }
  }
  const draw = async (pdf: PdfJsModule.PDFDocumentProxy, number: number): Promise<Drawing> => {
    if (number > pdf.numPages) throw new Error(`it has no page ${number}`)
    const page = await pdf.getPage(number)
    const natural = page.getViewport({ scale: 1 })
    // As wide as case.pdf shows it (an A4 page 1,000 pixels wide), within the pixel cap.
    const scale = drawingScale(natural.width, natural.height, maxPixels)
    const viewport = page.getViewport({ scale })
    const width = Math.max(1, Math.floor(viewport.width))
    const height = Math.max(1, Math.floor(viewport.height))
    if (width * height > maxPixels) throw new Error('the page is too large to draw')
    const surface = canvas.createCanvas(width, height)
    const context = surface.getContext('2d')
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    const render = page.render({
      // @napi-rs/canvas stands in for the DOM's canvas, which pdf.js's types name.
      canvas: surface as unknown as RenderParameters['canvas'],
      canvasContext: context as unknown as RenderParameters['canvasContext'],
      viewport,
    })
    drawing = render
    // Back to the event loop between pdf.js's slices of drawing, so the time limit can fire.
    render.onContinue = (next: () => void) => void setImmediate(next)
    await render.promise
    drawing = null
    const jpeg = await canvasJpeg(surface)
    // What pdf.js kept of the page (its operator list, decoded images) let go before the next.
    page.cleanup()
    return { drawn: true, jpeg, width, height, pages: pdf.numPages }
  }
  try {
    let pdf: PdfJsModule.PDFDocumentProxy | null = null
    const first = options.first ?? 1
    for (let number = first; number <= (options.last ?? Infinity); number++) {
      const drawn = await timed(
        (async () => {
          pdf ??= await task.promise
          return draw(pdf, number)
        })(),
      )
      onPage(drawn)
      if (!drawn.drawn || number >= drawn.pages!) return
    }
  } finally {
    void task.destroy().catch(() => undefined)
  }
}

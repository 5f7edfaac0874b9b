/*
 * The words a PDF of a case file shows (certificate-s84.pdf, case.pdf), read back by `casefile
 * case verify` with pdf.js (its legacy build, loaded only when needed; it has no eval path): no
 * XFA, no font installed into the process, no canvas (text only), at most `maxPages` pages and
 * `maxChars` characters, within `timeLimitMs` (between pdf.js's steps). The zip handed back is
 * anyone's, so the PDF is hostile; verify runs this in the evidence worker (evidence-drawing.ts),
 * which bounds its memory and stops it when the time is up whatever it is doing.
 */

import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs'
import { message } from './drawing'
import { hostilePdfParams } from './pdf-draw'

/** What reading a PDF's text gives: its lines, or why not (as a drawing's failure says it). */
export type PdfText =
  | { read: true; text: string; pages: number }
  | { read: false; why: 'unavailable' | 'unreadable' | 'timeout' | 'too-large'; detail: string }

export interface TextLimits {
  timeLimitMs: number
  maxPages: number
  maxChars: number
}

let pdfjs: Promise<typeof PdfJsModule> | null = null

/** pdf.js alone (no canvas: nothing is drawn), loaded once, on first use. */
export function loadPdfJs(): Promise<typeof PdfJsModule> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs')
  return pdfjs
}

class OverLimit extends Error {}

/**
 * The text of `bytes`, each line of pdf.js's text content on a line of its own (an item that
 * ends a line, or an empty item, is a line break), within `limits`. Never throws.
 */
export async function readPdfText(bytes: Uint8Array, limits: TextLimits): Promise<PdfText> {
  let lib: typeof PdfJsModule
  try {
    lib = await loadPdfJs()
  } catch (error) {
    return { read: false, why: 'unavailable', detail: message(error) }
  }
  let task: ReturnType<typeof lib.getDocument> | null = null
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<PdfText>((resolve) => {
    timer = setTimeout(() => {
      void task?.destroy().catch(() => undefined)
      resolve({
        read: false,
        why: 'timeout',
        detail: `not read within ${limits.timeLimitMs / 1000} s`,
      })
    }, limits.timeLimitMs)
  })
  const read = async (): Promise<PdfText> => {
    task = lib.getDocument(hostilePdfParams(bytes))
    const pdf = await task.promise
    if (pdf.numPages > limits.maxPages)
      throw new OverLimit(`it has ${pdf.numPages} pages, more than the ${limits.maxPages} read`)
    const lines: string[] = []
    let chars = 0
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n)
      const content = await page.getTextContent()
      let line = ''
      for (const item of content.items) {
        if (!('str' in item)) continue
        line += item.str
        chars += item.str.length
        if (chars > limits.maxChars)
          throw new OverLimit(`it holds more than the ${limits.maxChars} characters read`)
        if (item.hasEOL || item.str === '') {
          lines.push(line)
          line = ''
        }
      }
      lines.push(line)
      page.cleanup()
    }
    return { read: true, text: lines.join('\n'), pages: pdf.numPages }
  }
  try {
    return await Promise.race([
      read().catch((error: unknown): PdfText => ({
        read: false,
        why: error instanceof OverLimit ? 'too-large' : 'unreadable',
        detail: message(error),
      })),
      timedOut,
    ])
  } finally {
    clearTimeout(timer)
    void (task as ReturnType<typeof lib.getDocument> | null)?.destroy().catch(() => undefined)
  }
}

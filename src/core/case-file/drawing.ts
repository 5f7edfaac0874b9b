/*
 * What drawing one piece of evidence (a page of a PDF, an image) gives back for case.pdf: a
 * JPEG of Casefile's own canvas (opaque, drawn on white), which pdfkit embeds as it is (a
 * DCTDecode image: nothing decoded or compressed again in the core's thread). A drawing is for
 * a person to read the page by; the file itself is in the zip byte for byte, so a lossy picture
 * of it loses nothing of the evidence, and a scanned page as a lossless PNG is four to six times
 * larger and several times slower to compress. Also the PNG writer the tests and benches make
 * their images with.
 */

import { deflateSync, crc32 } from 'node:zlib'
import type { Canvas } from '@napi-rs/canvas'

export type Drawing =
  /** `jpeg`: the drawing; `pages`: for a page of a PDF, how many pages the file has. */
  | { drawn: true; jpeg: Buffer; width: number; height: number; pages?: number }
  /**
   * unavailable: the renderer cannot be loaded here; unreadable: this file could not be drawn;
   * timeout: not drawn in the time allowed; too-large: it declares more pixels than Casefile
   * decodes, or drawing it took more memory than Casefile allows.
   */
  | { drawn: false; why: 'unavailable' | 'unreadable' | 'timeout' | 'too-large'; detail: string }

/**
 * The most pixels a drawing is wide and tall: what case.pdf can show of it. A picture is placed
 * at most the text's width (483 points) and the text's height (702 points) on an A4 page, so
 * 1,000 × 1,450 pixels is about 150 per inch however it is placed, sharp on paper and on screen;
 * more would only make the drawing slower and case.pdf larger (a phone photo's 12 megapixels
 * are in the zip, not in case.pdf).
 */
export const MAX_DRAWING_WIDTH = 1000
export const MAX_DRAWING_HEIGHT = 1450

/** The scale that fits `width` × `height` within the drawing's bounds and `maxPixels`, at most 1:1 for an image. */
export function drawingScale(width: number, height: number, maxPixels: number): number {
  const w = Math.max(1, width)
  const h = Math.max(1, height)
  return Math.min(MAX_DRAWING_WIDTH / w, MAX_DRAWING_HEIGHT / h, Math.sqrt(maxPixels / (w * h)))
}

/**
 * The JPEG quality of a drawing: text of a scanned statement stays sharp at a legible width,
 * and a page of it is well under a megabyte even when the scan is all noise.
 */
export const JPEG_QUALITY = 85

/**
 * A drawn canvas (opaque: filled white before drawing) as a JPEG, encoded by Skia natively; its
 * pixels are then let go at once (the canvas made one pixel): a page's 6 MB of them live in
 * Skia's memory, which V8 does not see, so a canvas left to the garbage collector stays until
 * the worker's small heap is next collected, several pages later.
 */
export async function canvasJpeg(surface: Canvas): Promise<Buffer> {
  try {
    return await surface.encode('jpeg', JPEG_QUALITY)
  } finally {
    surface.width = 1
    surface.height = 1
  }
}

export const message = (error: unknown) =>
  error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error)

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/**
 * A PNG file of 8-bit `width`×`height` pixels whose zlib-compressed, filtered rows are `idat`
 * (one IDAT chunk). Also how the tests and benches write the images they feed the case file.
 */
export function pngFile(width: number, height: number, colour: 'rgb' | 'rgba', idat: Buffer) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, colour === 'rgb' ? 2 : 6, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * An RGB PNG of a canvas's RGBA pixels (`width`×`height`, drawn on white, so opaque): each row
 * filtered "Up" (the difference from the row above: flat areas and text compress well).
 */
export function opaquePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number) {
  const stride = width * 3 + 1
  const raw = Buffer.alloc(stride * height)
  const row = new Uint8Array(width * 3)
  const above = new Uint8Array(width * 3)
  for (let y = 0; y < height; y++) {
    const from = y * width * 4
    for (let x = 0, i = 0; x < width; x++, i += 3) {
      row[i] = rgba[from + x * 4]!
      row[i + 1] = rgba[from + x * 4 + 1]!
      row[i + 2] = rgba[from + x * 4 + 2]!
    }
    const at = y * stride
    raw[at] = 2 // Up
    for (let i = 0; i < row.length; i++) raw[at + 1 + i] = (row[i]! - above[i]!) & 0xff
    above.set(row)
  }
  return pngFile(width, height, 'rgb', deflateSync(raw))
}

/*
 * An image attachment (PNG, JPEG, GIF, WebP) drawn for case.pdf: decoded by @napi-rs/canvas
 * (Skia) only once its header has been read and found within MAX_DECODE_PIXELS, then drawn on
 * a canvas no larger than case.pdf shows it (MAX_DRAWING_WIDTH and _HEIGHT, MAX_PAGE_PIXELS) and given back as Casefile's own JPEG (drawing.ts). Skia decodes in one
 * native call that nothing can interrupt, so the header is what keeps a bomb from it; the
 * worker this runs in (evidence-worker.ts) bounds the rest.
 */

import type * as CanvasModule from '@napi-rs/canvas'
import { imageSize, pixelWords, withinDecodeCap } from '../../shared/image-size'
import { canvasJpeg, drawingScale, message, type Drawing } from './drawing'

let canvasModule: Promise<typeof CanvasModule> | null = null

/** @napi-rs/canvas, loaded once, on first use. */
export function loadCanvas(): Promise<typeof CanvasModule> {
  canvasModule ??= import('@napi-rs/canvas')
  return canvasModule
}

/**
 * Why an image is not to be decoded, from its header alone; null when it may be. The core asks
 * before it starts a worker for bytes it holds (a staged file it never reads: the worker alone),
 * and the worker asks again before it decodes.
 */
export function imageRefusal(bytes: Uint8Array): Exclude<Drawing, { drawn: true }> | null {
  const size = imageSize(bytes)
  if (!size)
    return { drawn: false, why: 'unreadable', detail: 'its size cannot be read from its header' }
  if (!withinDecodeCap(size))
    return {
      drawn: false,
      why: 'too-large',
      detail: `it declares ${pixelWords(size)}, more than Casefile draws`,
    }
  return null
}

/** The image in `bytes`, within `maxPixels`, as a JPEG on white. Never throws. */
export async function drawImage(bytes: Uint8Array, maxPixels: number): Promise<Drawing> {
  const refused = imageRefusal(bytes)
  if (refused) return refused
  let canvas: typeof CanvasModule
  try {
    canvas = await loadCanvas()
  } catch (error) {
    return { drawn: false, why: 'unavailable', detail: message(error) }
  }
  try {
    // A Buffer, never a string: a string would be read as a path or an address.
    const image = await canvas.loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))
    // Never larger than case.pdf shows it, nor than its own pixels.
    const scale = Math.min(1, drawingScale(image.width, image.height, maxPixels))
    const width = Math.max(1, Math.floor(image.width * scale))
    const height = Math.max(1, Math.floor(image.height * scale))
    const surface = canvas.createCanvas(width, height)
    const context = surface.getContext('2d')
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    context.drawImage(image, 0, 0, width, height)
    return { drawn: true, jpeg: await canvasJpeg(surface), width, height }
  } catch (error) {
    return { drawn: false, why: 'unreadable', detail: message(error) }
  }
}

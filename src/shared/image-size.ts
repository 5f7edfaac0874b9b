/*
 * An image's size in pixels, read from its header before anything decodes it. An attachment is
 * anyone's upload to the registry: a 1 MB PNG can declare 16,000 × 16,000 pixels, and a decoder
 * that believes it needs 1 GB for them. So nothing in Casefile (the case file's drawing, the
 * viewer) hands an image to a decoder until this has read its size and found it within
 * MAX_DECODE_PIXELS. Pure, and reads only the bytes it is given: the core and the window use it.
 */

import { ascii, startsWith } from './file-types'
import { sniffViewable } from './viewable-types'

/**
 * The most pixels Casefile decodes of one image, in a file or inside a PDF: 50 million, so a
 * phone's photo (12 to 48 megapixels) and an A4 page scanned at 600 dpi (35 megapixels) are
 * drawn, at most 200 MB once decoded; a 256-megapixel bomb is not.
 */
export const MAX_DECODE_PIXELS = 50_000_000

export interface ImageSize {
  type: 'png' | 'jpeg' | 'gif' | 'webp'
  width: number
  height: number
}

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 0x10000 + u16be(b, at + 2)
const u32le = (b: Uint8Array, at: number) => u16le(b, at) + u16le(b, at + 2) * 0x10000

/** PNG: the IHDR chunk, which must come first (the only size a decoder uses). */
function pngSize(b: Uint8Array): [number, number] | null {
  if (b.length < 24 || u32be(b, 8) !== 13 || !startsWith(b, ascii('IHDR'), 12)) return null
  return [u32be(b, 16), u32be(b, 20)]
}

/** A JPEG frame header: SOF0–SOF15, but not DHT (C4), JPG (C8) or DAC (CC). */
const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

/**
 * JPEG: its segments walked from the start to the first scan (SOS), each by its length, never
 * searched for: exactly one frame header (SOF) there, whose size is the one a decoder allocates.
 * A second frame header, a marker that has no place before a scan, or a segment that runs past
 * the end: not read (null). A height of 0 (given later, by a DNL marker) is not read either.
 */
function jpegSize(b: Uint8Array): [number, number] | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null
  let at = 2
  let size: [number, number] | null = null
  for (;;) {
    if (b[at] !== 0xff) return null
    while (b[at] === 0xff) at++ // fill bytes before a marker
    if (at >= b.length) return null
    const marker = b[at++]!
    if (marker === 0xda) return size
    // Standalone markers (SOI, EOI, RSTn, TEM) have no place before the first scan.
    if (marker === 0xd8 || marker === 0xd9 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7))
      return null
    if (at + 2 > b.length) return null
    const length = u16be(b, at)
    if (length < 2 || at + length > b.length) return null
    if (isSof(marker)) {
      if (size || length < 8) return null
      const height = u16be(b, at + 3)
      const width = u16be(b, at + 5)
      if (height === 0) return null
      size = [width, height]
    }
    at += length
  }
}

/**
 * GIF: the logical screen, grown to hold every frame (a browser draws a first frame larger than
 * the screen at the frame's size). The blocks are walked by their lengths; a file cut short
 * gives the frames read so far, as a decoder draws them.
 */
function gifSize(b: Uint8Array): [number, number] | null {
  if (b.length < 13) return null
  let width = u16le(b, 6)
  let height = u16le(b, 8)
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0)
  let at = 13 + colourTable(b[10]!)
  const skipSubBlocks = () => {
    while (at < b.length && b[at] !== 0) at += b[at]! + 1
    at++
  }
  while (at < b.length) {
    const block = b[at]
    if (block === 0x21) {
      at += 2
      skipSubBlocks()
    } else if (block === 0x2c) {
      if (at + 10 > b.length) break
      width = Math.max(width, u16le(b, at + 1) + u16le(b, at + 5))
      height = Math.max(height, u16le(b, at + 3) + u16le(b, at + 7))
      at += 10 + colourTable(b[at + 9]!) + 1 // and the LZW code size
      skipSubBlocks()
    } else break // the trailer, or not a GIF block: nothing more a decoder draws
  }
  return [width, height]
}

/**
 * WebP: its first chunk. VP8X gives the canvas (every frame and the bitstream must fit in it,
 * or libwebp refuses the file); a simple file's VP8 or VP8L bitstream gives its own size.
 */
function webpSize(b: Uint8Array): [number, number] | null {
  if (b.length < 30) return null
  const chunk = String.fromCharCode(...b.subarray(12, 16))
  const data = 20
  if (chunk === 'VP8X') return [u24le(b, data + 4) + 1, u24le(b, data + 7) + 1]
  if (chunk === 'VP8L') {
    if (b[data] !== 0x2f) return null
    const bits = u32le(b, data + 1)
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1]
  }
  if (chunk === 'VP8 ') {
    if (b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) return null
    return [u16le(b, data + 6) & 0x3fff, u16le(b, data + 8) & 0x3fff]
  }
  return null
}

/**
 * The type and size an image's header declares, read without decoding it; null when the bytes
 * are not a PNG, JPEG, GIF or WebP, or their header cannot be read (cut short, contradictory, a
 * size of 0). Such an image is not decoded either.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const type = sniffViewable(bytes)
  if (!type || type === 'pdf') return null
  const size = { png: pngSize, jpeg: jpegSize, gif: gifSize, webp: webpSize }[type](bytes)
  if (!size || size[0] < 1 || size[1] < 1) return null
  return { type, width: size[0], height: size[1] }
}

/** Whether an image of this size may be decoded: at most MAX_DECODE_PIXELS. */
export const withinDecodeCap = (size: { width: number; height: number }): boolean =>
  size.width * size.height <= MAX_DECODE_PIXELS

/** "16,000 × 16,000 pixels". */
export const pixelWords = (size: { width: number; height: number }): string =>
  `${size.width.toLocaleString('en-GB')} \u00d7 ${size.height.toLocaleString('en-GB')} pixels`

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  imageSize,
  MAX_DECODE_PIXELS,
  pixelWords,
  withinDecodeCap,
} from '../../src/shared/image-size'
import { jpegDeclaring, pngBomb } from '../support/hostile-images'

/*
 * An image's size read from its header, never by decoding it: each format the viewer and the
 * case file draw, with headers cut short and headers that lie.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/case-file/${name}`, import.meta.url))
const PHOTO = fixture('photo.jpg')
const SCREENSHOT = fixture('screenshot.png')

const bytes = (...parts: (number[] | string | Buffer)[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  )
const le16 = (n: number) => [n & 0xff, n >> 8]
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16]
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]

/** A GIF: its screen, then image descriptors (left, top, width, height), each with one empty sub-block. */
function gif(screen: [number, number], frames: [number, number, number, number][] = []) {
  return bytes(
    'GIF89a',
    le16(screen[0]),
    le16(screen[1]),
    [0x80, 0, 0], // a global colour table of 2 colours
    [0, 0, 0, 255, 255, 255],
    [0x21, 0xf9, 4, 0, 0, 0, 0, 0], // a graphic control extension
    ...frames.flatMap(([l, t, w, h]) => [
      [0x2c],
      le16(l),
      le16(t),
      le16(w),
      le16(h),
      [0, 2, 1, 0, 0],
    ]),
    [0x3b],
  )
}

/** A WebP of one chunk (fourcc and its data). */
const webp = (fourcc: string, data: number[]) =>
  bytes(
    'RIFF',
    le32(12 + data.length),
    'WEBP',
    fourcc,
    le32(data.length),
    data,
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  )

describe('imageSize', () => {
  it('reads PNG, JPEG, GIF and WebP headers', () => {
    expect(imageSize(SCREENSHOT)).toEqual({ type: 'png', width: 160, height: 90 })
    expect(imageSize(PHOTO)).toEqual({ type: 'jpeg', width: 160, height: 90 })
    expect(imageSize(gif([300, 200], [[0, 0, 300, 200]]))).toEqual({
      type: 'gif',
      width: 300,
      height: 200,
    })
    // VP8X: a 24-bit canvas, less one.
    expect(imageSize(webp('VP8X', [0, 0, 0, 0, ...le24(39_999), ...le24(29_999)]))).toEqual({
      type: 'webp',
      width: 40_000,
      height: 30_000,
    })
    // VP8L: 14 bits each, less one, after the 0x2f signature.
    const bits = 1023 | (767 << 14)
    expect(imageSize(webp('VP8L', [0x2f, ...le32(bits)]))).toEqual({
      type: 'webp',
      width: 1024,
      height: 768,
    })
    // VP8: a frame tag, the start code, then 14 bits each.
    expect(
      imageSize(webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(640), ...le16(480)])),
    ).toEqual({ type: 'webp', width: 640, height: 480 })
  })

  it('reads the size a bomb declares without inflating it', () => {
    expect(imageSize(pngBomb(16000, 16000))).toEqual({ type: 'png', width: 16000, height: 16000 })
    expect(imageSize(jpegDeclaring(65000, 65000))).toEqual({
      type: 'jpeg',
      width: 65000,
      height: 65000,
    })
  })

  it('grows a GIF to hold a frame larger than its screen, as a browser draws it', () => {
    expect(
      imageSize(
        gif(
          [10, 10],
          [
            [0, 0, 10, 10],
            [60000, 0, 5000, 40000],
          ],
        ),
      ),
    ).toMatchObject({
      width: 65000,
      height: 40000,
    })
  })

  it('finds the JPEG frame header by walking the segments, not by searching for it', () => {
    // An EXIF thumbnail's own SOF inside an APP1 segment is not the image's.
    const thumbnail = bytes([0xff, 0xc0, 0, 17, 8, ...[0, 10], ...[0, 10], 3])
    const app1 = bytes([0xff, 0xe1], [0, thumbnail.length + 2], thumbnail)
    const withThumbnail = Buffer.concat([PHOTO.subarray(0, 2), app1, PHOTO.subarray(2)])
    expect(imageSize(withThumbnail)).toMatchObject({ width: 160, height: 90 })
  })

  it('reads nothing from a header cut short, or one that contradicts itself', () => {
    for (const cut of [8, 20, 23]) expect(imageSize(SCREENSHOT.subarray(0, cut))).toBeNull()
    const sof = PHOTO.indexOf(Buffer.from([0xff, 0xc0]))
    expect(imageSize(PHOTO.subarray(0, sof + 4))).toBeNull()
    // Cut before the scan: no SOS, so not a picture a decoder would draw from its header alone.
    expect(imageSize(PHOTO.subarray(0, sof + 19))).toBeNull()
    // Two frame headers before the scan: which one a decoder takes is not ours to guess.
    const twice = Buffer.concat([
      PHOTO.subarray(0, sof),
      PHOTO.subarray(sof, sof + 19),
      PHOTO.subarray(sof),
    ])
    expect(imageSize(twice)).toBeNull()
    // A segment length that runs past the end, or less than its own two bytes.
    const long = Buffer.from(PHOTO)
    long.writeUInt16BE(0xffff, 4)
    expect(imageSize(long)).toBeNull()
    const short = Buffer.from(PHOTO)
    short.writeUInt16BE(1, 4)
    expect(imageSize(short)).toBeNull()
    // A height of 0 (to be given by a DNL marker after the scan).
    expect(imageSize(jpegDeclaring(100, 0))).toBeNull()
    // A PNG whose first chunk is not IHDR, or a size of 0.
    const notIhdr = Buffer.from(SCREENSHOT)
    notIhdr.write('tEXt', 12, 'latin1')
    expect(imageSize(notIhdr)).toBeNull()
    expect(imageSize(pngBomb(0, 10))).toBeNull()
    expect(imageSize(gif([300, 200]).subarray(0, 9))).toBeNull()
    expect(imageSize(webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2b, 1, 1, 1, 1]))).toBeNull()
    expect(imageSize(webp('VP8L', [0x2e, 1, 1, 1, 1]))).toBeNull()
    expect(imageSize(webp('ALPH', [0, 0, 0, 0]))).toBeNull()
  })

  it('reads no size from what is not an image', () => {
    expect(imageSize(Buffer.from('%PDF-1.7\n'))).toBeNull()
    expect(imageSize(Buffer.from('<html>'))).toBeNull()
    expect(imageSize(Buffer.alloc(0))).toBeNull()
  })
})

describe('the pixel cap', () => {
  it('lets a 48-megapixel phone photo and a 600 dpi A4 scan through, and not a 256-megapixel bomb', () => {
    expect(withinDecodeCap({ width: 8064, height: 6048 })).toBe(true)
    expect(withinDecodeCap({ width: 4961, height: 7016 })).toBe(true)
    expect(withinDecodeCap({ width: 16000, height: 16000 })).toBe(false)
    expect(MAX_DECODE_PIXELS).toBeLessThan(256e6)
    expect(pixelWords({ width: 16000, height: 16000 })).toBe('16,000 \u00d7 16,000 pixels')
  })
})

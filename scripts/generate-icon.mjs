#!/usr/bin/env node
// Draws Casefile's app icon and writes it as PNG files, with Node alone (zlib for the PNG
// data, no image library): a case folder under an amber magnifier on a navy rounded square.
//
//   node scripts/generate-icon.mjs
//
// Writes resources/icon.png (1024×1024: electron-builder makes the macOS .icns and the Windows
// .ico from it) and resources/icons/<n>x<n>.png (16 to 512: the Linux icon set). The shapes are
// signed distance functions, so every size is drawn sharp and anti-aliased, not scaled down.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deflateSync } from 'node:zlib'

const resources = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources')

// ---- shapes, in units of the icon's side (0..1); each returns a signed distance (<0 inside)
const roundedBox = (x, y, cx, cy, hw, hh, r) => {
  const qx = Math.abs(x - cx) - hw + r
  const qy = Math.abs(y - cy) - hh + r
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r
}
const circle = (x, y, cx, cy, r) => Math.hypot(x - cx, y - cy) - r
const ring = (x, y, cx, cy, r, width) => Math.abs(Math.hypot(x - cx, y - cy) - r) - width / 2
const capsule = (x, y, ax, ay, bx, by, r) => {
  const px = x - ax
  const py = y - ay
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)))
  return Math.hypot(px - dx * t, py - dy * t) - r
}

const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16))
const NAVY_TOP = hex('#24507f')
const NAVY_BOTTOM = hex('#0f2544')
const PAPER = hex('#f3f6fb')
const PAPER_SHADE = hex('#d5deeb')
const TAB = hex('#c4d0e2')
const LINE = hex('#9fb1ca')
const AMBER = hex('#f5a623')
const LENS = hex('#dcebff')

/** The layers, back to front: [distance function, colour function, opacity]. */
const layers = [
  // The tile: a rounded square with the ~10% margin macOS icons keep, lit from above.
  [
    (x, y) => roundedBox(x, y, 0.5, 0.5, 0.41, 0.41, 0.18),
    (_x, y) => NAVY_TOP.map((top, i) => top + (NAVY_BOTTOM[i] - top) * ((y - 0.09) / 0.82)),
    1,
  ],
  // The case folder: its tab, the back sheet, a paper showing, and the front flap.
  [(x, y) => roundedBox(x, y, 0.34, 0.315, 0.1, 0.05, 0.025), () => TAB, 1],
  [(x, y) => roundedBox(x, y, 0.48, 0.5, 0.24, 0.17, 0.035), () => PAPER_SHADE, 1],
  [(x, y) => roundedBox(x, y, 0.49, 0.45, 0.2, 0.1, 0.015), () => PAPER, 1],
  [(x, y) => roundedBox(x, y, 0.48, 0.56, 0.24, 0.13, 0.035), () => PAPER, 1],
  [(x, y) => roundedBox(x, y, 0.42, 0.53, 0.12, 0.012, 0.012), () => LINE, 1],
  [(x, y) => roundedBox(x, y, 0.38, 0.585, 0.08, 0.012, 0.012), () => LINE, 1],
  // The magnifier: a tinted lens, its amber rim and handle.
  [(x, y) => circle(x, y, 0.62, 0.6, 0.125), () => LENS, 0.9],
  [(x, y) => ring(x, y, 0.62, 0.6, 0.125, 0.045), () => AMBER, 1],
  [(x, y) => capsule(x, y, 0.715, 0.695, 0.8, 0.78, 0.033), () => AMBER, 1],
]

/** RGBA pixels of the icon at `size`×`size`. */
function draw(size) {
  const pixels = Buffer.alloc(size * size * 4)
  // Distances become coverage over one pixel, which is what anti-aliases the edges.
  const pixel = 1 / size
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const x = (col + 0.5) / size
      const y = (row + 0.5) / size
      let rgb = [0, 0, 0]
      let alpha = 0
      for (const [distance, colour, opacity] of layers) {
        const coverage = Math.max(0, Math.min(1, 0.5 - distance(x, y) / pixel)) * opacity
        if (coverage === 0) continue
        const c = colour(x, y)
        const outAlpha = coverage + alpha * (1 - coverage)
        rgb = rgb.map((v, i) => (c[i] * coverage + v * alpha * (1 - coverage)) / outAlpha)
        alpha = outAlpha
      }
      const at = (row * size + col) * 4
      pixels[at] = Math.round(rgb[0])
      pixels[at + 1] = Math.round(rgb[1])
      pixels[at + 2] = Math.round(rgb[2])
      pixels[at + 3] = Math.round(alpha * 255)
    }
  }
  return pixels
}

// ---- PNG: signature, IHDR (8-bit RGBA), one IDAT of filter-0 scanlines, IEND
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes) {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}
export function encodePng(size, rgba) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bits per channel
  header[9] = 6 // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1))
  for (let row = 0; row < size; row++)
    rgba.copy(rows, row * (size * 4 + 1) + 1, row * size * 4, (row + 1) * size * 4)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function write(path, size) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, encodePng(size, draw(size)))
  console.log(`[icon] ${path} (${size}×${size})`)
}

write(join(resources, 'icon.png'), 1024)
for (const size of [16, 32, 48, 64, 128, 256, 512])
  write(join(resources, 'icons', `${size}x${size}.png`), size)

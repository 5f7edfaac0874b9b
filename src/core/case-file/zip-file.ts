import { open } from 'node:fs/promises'
import { promisify } from 'node:util'
import { crc32, deflateRaw } from 'node:zlib'
import type { StagedPart } from './staged-file'
import type { ZipPart } from './zip-bytes'

/*
 * A zip written to a file part by part: a small part (a JSON file, the certificate) deflated
 * from memory, a staged one (an attachment, case.pdf: staged-file.ts) stored and copied from
 * its staging file, its CRC-32 and size already summed, so the header is written before the
 * data and nothing is read twice. The layout yazl writes (zip-bytes.ts) without its data
 * descriptors: UTF-8 names, Unix mode 0644, the time in DOS form. No Zip64: a bundle is far
 * below 4 GB (MAX_CASE_BUNDLE_BYTES), and a larger one is refused.
 */

export type ZipFilePart = ZipPart | StagedPart

const deflate = promisify(deflateRaw)
const MODE = 0o100644
const UTF8 = 0x0800
const LIMIT = 0xffffffff

/** DOS date and time (local, as yazl writes them). */
function dosTime(at: Date): { date: number; time: number } {
  const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate()
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2)
  return { date: date & 0xffff, time }
}

interface Written {
  name: Buffer
  method: number
  crc: number
  compressed: number
  size: number
  offset: number
}

/**
 * The fields both headers give in the same order (the local header from byte 6, the central
 * one from byte 8): the flags, method, time, date, CRC-32, sizes and the name's length.
 */
function entryFields(b: Buffer, from: number, e: Written, at: { date: number; time: number }) {
  b.writeUInt16LE(UTF8, from)
  b.writeUInt16LE(e.method, from + 2)
  b.writeUInt16LE(at.time, from + 4)
  b.writeUInt16LE(at.date, from + 6)
  b.writeUInt32LE(e.crc, from + 8)
  b.writeUInt32LE(e.compressed, from + 12)
  b.writeUInt32LE(e.size, from + 16)
  b.writeUInt16LE(e.name.length, from + 20)
}

function localHeader(e: Written, at: { date: number; time: number }): Buffer {
  const b = Buffer.alloc(30)
  b.writeUInt32LE(0x04034b50, 0)
  b.writeUInt16LE(20, 4)
  entryFields(b, 6, e, at)
  return Buffer.concat([b, e.name])
}

function centralHeader(e: Written, at: { date: number; time: number }): Buffer {
  const b = Buffer.alloc(46)
  b.writeUInt32LE(0x02014b50, 0)
  b.writeUInt16LE((3 << 8) | 20, 4)
  b.writeUInt16LE(20, 6)
  entryFields(b, 8, e, at)
  b.writeUInt32LE((MODE << 16) >>> 0, 38)
  b.writeUInt32LE(e.offset, 42)
  return Buffer.concat([b, e.name])
}

/** How much of a staged file is copied at a time. */
const COPY_BYTES = 1 << 20

/**
 * The file at `path` given to `put` a buffer at a time, through the one buffer `through`:
 * reading a stream would allocate a new megabyte for each, left to the garbage collector, and
 * a bundle's 200 MB of staged files would pile up in the core's heap before it ran.
 */
async function copyInto(path: string, through: Buffer, put: (bytes: Buffer) => Promise<void>) {
  const source = await open(path, 'r')
  try {
    for (;;) {
      const { bytesRead } = await source.read(through, 0, through.length, null)
      if (bytesRead === 0) return
      // Written before the buffer is read into again.
      await put(through.subarray(0, bytesRead))
    }
  } finally {
    await source.close()
  }
}

/** The parts, in order, zipped into a new file at `path` (owner only); its size. */
export async function writeZipFile(
  parts: readonly ZipFilePart[],
  at: Date,
  path: string,
): Promise<number> {
  if (parts.length >= 0xffff) throw new Error('Too many files for one zip.')
  const time = dosTime(at)
  const file = await open(path, 'wx', 0o600)
  let offset = 0
  const put = async (bytes: Buffer) => {
    await file.write(bytes)
    offset += bytes.length
  }
  const written: Written[] = []
  // One buffer for every staged file's copy, not a new one per megabyte read.
  const copying = Buffer.allocUnsafe(COPY_BYTES)
  try {
    for (const part of parts) {
      const name = Buffer.from(part.name, 'utf8')
      if ('path' in part) {
        const e = {
          name,
          method: 0,
          crc: part.crc32,
          compressed: part.size,
          size: part.size,
          offset,
        }
        if (offset + part.size > LIMIT) throw new Error('The bundle would be larger than 4 GB.')
        await put(localHeader(e, time))
        const from = offset
        await copyInto(part.path, copying, put)
        if (offset - from !== part.size)
          throw new Error(`${part.name} changed while it was zipped.`)
        written.push(e)
        continue
      }
      const data = part.store ? part.bytes : await deflate(part.bytes)
      const e = {
        name,
        method: part.store ? 0 : 8,
        crc: crc32(part.bytes),
        compressed: data.length,
        size: part.bytes.length,
        offset,
      }
      await put(localHeader(e, time))
      await put(data)
      written.push(e)
    }
    const start = offset
    for (const e of written) await put(centralHeader(e, time))
    const end = Buffer.alloc(22)
    end.writeUInt32LE(0x06054b50, 0)
    end.writeUInt16LE(written.length, 8)
    end.writeUInt16LE(written.length, 10)
    end.writeUInt32LE(offset - start, 12)
    end.writeUInt32LE(start, 16)
    if (offset + 22 > LIMIT) throw new Error('The bundle would be larger than 4 GB.')
    await put(end)
    return offset
  } finally {
    await file.close()
  }
}

import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { crc32 } from 'node:zlib'

/*
 * A file of a case's bundle written to a private staging folder as soon as it is had (an
 * attachment as fetched, case.pdf as pdfkit writes it), with its SHA-256, CRC-32 and size
 * summed on the way (an attachment's SHA-256 is the one summed as it was fetched): the bundle's
 * zip is then copied from these files (zip-file.ts), so no attachment, drawing or zip is held in
 * memory all at once, and nothing is hashed again.
 */

export interface StagedPart {
  /** Its name in the zip. */
  name: string
  /** Where it is staged. */
  path: string
  size: number
  sha256: string
  crc32: number
  /** Stored, not deflated (PDFs and pictures gain nothing from it). */
  store?: boolean
}

export type StagedFile = Omit<StagedPart, 'name' | 'store'>

/** How many bytes are summed at a time: the event loop is let through between slices. */
const SLICE = 4 * 1024 * 1024

/**
 * `bytes` written at `path` (owner only), with their sums; `sha256`: their SHA-256 when the
 * caller has it already (an attachment's, summed as it was fetched), not summed again.
 */
export async function stageBytes(
  path: string,
  bytes: Buffer,
  sha256?: string,
): Promise<StagedFile> {
  const written = writeFile(path, bytes, { mode: 0o600 })
  const hash = sha256 ? null : createHash('sha256')
  let crc = 0
  for (let at = 0; at < bytes.length; at += SLICE) {
    const slice = bytes.subarray(at, at + SLICE)
    hash?.update(slice)
    crc = crc32(slice, crc)
    await new Promise((resolve) => setImmediate(resolve))
  }
  await written
  return { path, size: bytes.length, sha256: sha256 ?? hash!.digest('hex'), crc32: crc }
}

/** The sums of a file written piece by piece (pdfkit's output, a link's file as it comes). */
export function pieceSums() {
  const hash = createHash('sha256')
  let crc = 0
  let size = 0
  return {
    add(piece: Buffer): void {
      hash.update(piece)
      crc = crc32(piece, crc)
      size += piece.length
    },
    /** The file at `path` with its sums, once every piece was added. */
    of(path: string): StagedFile {
      return { path, size, sha256: hash.digest('hex'), crc32: crc }
    },
  }
}

/** A file written chunk by chunk (pdfkit's output), summed as it goes. */
export function stagingSink(path: string) {
  const out = createWriteStream(path, { mode: 0o600 })
  const sums = pieceSums()
  let failed: Error | null = null
  out.on('error', (error) => (failed = error))
  return {
    write(chunk: Buffer) {
      sums.add(chunk)
      out.write(chunk)
    },
    /** The file closed, with its sums. */
    async end(): Promise<StagedFile> {
      await new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed)
        out.once('error', reject)
        out.end(() => resolve())
      })
      return sums.of(path)
    },
  }
}

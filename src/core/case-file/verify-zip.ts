import { createHash } from 'node:crypto'
import { open, type FileHandle } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import {
  CaseVerifyRefused,
  centralName,
  checkLocalHeader,
  entryKind,
  nameTwins,
} from './zip-entry-checks'

/*
 * A zip handed back from outside (a colleague, a court's copy), read as hostile for `casefile
 * case verify`: through its central directory (yauzl, its own name decoding off), each entry's
 * local header read and compared, each declared size checked before a byte is inflated, every
 * entry streamed through the hash (never held whole, but for the few small files verify reads),
 * inflation counted against the declared size.
 */

export const VERIFY_LIMITS = {
  maxEntries: 256,
  /** A case file's largest part is its PDF, with three attachments of at most 10 MiB drawn in. */
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  /** Deflate gives at most ~1000:1; a case file's parts pack far less tightly than this. */
  maxRatio: 200,
  ratioGraceBytes: 1024 * 1024,
  maxSumsBytes: 64 * 1024,
}

export interface ReadZip {
  /** Each file's SHA-256, by name. */
  hashes: Map<string, string>
  /** The bytes of the files asked for (`keep`), when they are within their size. */
  kept: Map<string, Buffer>
}

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`
const refuse = (message: string) => new CaseVerifyRefused(message)

function checkSizes(entry: Entry, name: string, total: { bytes: number }): void {
  if (entry.isEncrypted()) throw refuse(`${name} is encrypted in the zip; a case file never is.`)
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw refuse(`${name} is packed with a method a case file does not use.`)
  if (entry.uncompressedSize > VERIFY_LIMITS.maxEntryBytes)
    throw refuse(
      `${name} would unpack to ${MB(entry.uncompressedSize)}, more than the ${MB(VERIFY_LIMITS.maxEntryBytes)} any file of a case file can be; the zip was not read.`,
    )
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
  if (entry.uncompressedSize > VERIFY_LIMITS.ratioGraceBytes && ratio > VERIFY_LIMITS.maxRatio)
    throw refuse(
      `${name} would unpack ${Math.round(ratio)} times larger than it is packed (a zip bomb); the zip was not read.`,
    )
  total.bytes += entry.uncompressedSize
  if (total.bytes > VERIFY_LIMITS.maxTotalBytes)
    throw refuse(
      `The zip would unpack to more than ${MB(VERIFY_LIMITS.maxTotalBytes)}; the zip was not read.`,
    )
}

/** Streams one entry through SHA-256, stopping at more bytes than it declared; keeps them if asked. */
async function hashEntry(zip: ZipFile, entry: Entry, name: string, keep: boolean) {
  const hash = createHash('sha256')
  const kept: Buffer[] = []
  let inflated = 0
  const stream: Readable = await zip.openReadStreamPromise(entry)
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inflated += chunk.length
      if (inflated > entry.uncompressedSize)
        throw refuse(
          `${name} unpacks to more than its zip directory declares; the zip was not read.`,
        )
      hash.update(chunk)
      if (keep) kept.push(chunk)
    }
  } finally {
    stream.destroy()
  }
  return { sha256: hash.digest('hex'), bytes: keep ? Buffer.concat(kept) : null }
}

/** The local header of the entry: its fixed part, name and extra field (at most 64 KiB each). */
async function localHeader(file: FileHandle, entry: Entry): Promise<Buffer | null> {
  const fixed = Buffer.alloc(30)
  const { bytesRead } = await file.read(fixed, 0, 30, entry.relativeOffsetOfLocalHeader)
  if (bytesRead < 30) return null
  const rest = Buffer.alloc(fixed.readUInt16LE(26) + fixed.readUInt16LE(28))
  const more = await file.read(rest, 0, rest.length, entry.relativeOffsetOfLocalHeader + 30)
  return Buffer.concat([fixed, rest.subarray(0, more.bytesRead)])
}

/**
 * Every file of the zip at `path`, hashed; the bytes of the files named in `keep` (name: the
 * most bytes kept) held too. Throws CaseVerifyRefused with the reason for anything hostile.
 */
export async function readCaseZip(path: string, keep: Record<string, number>): Promise<ReadZip> {
  let zip: ZipFile
  let file: FileHandle
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false,
      validateEntrySizes: true,
    })
  } catch (error) {
    throw new CaseVerifyRefused(
      `This is not a zip Casefile can read (${(error as Error).message}).`,
      'notZip',
    )
  }
  try {
    file = await open(path, 'r')
  } catch (error) {
    zip.close()
    throw new CaseVerifyRefused(`The zip cannot be read (${(error as Error).message}).`, 'notZip')
  }
  try {
    if (zip.entryCount > VERIFY_LIMITS.maxEntries)
      throw refuse(
        `The zip lists ${zip.entryCount} files; a case file has a dozen or so. It was not read.`,
      )
    const read: ReadZip = { hashes: new Map(), kept: new Map() }
    const total = { bytes: 0 }
    const twins = nameTwins()
    for await (const entry of zip.eachEntry()) {
      const name = centralName(entry)
      checkLocalHeader(entry, name, await localHeader(file, entry))
      const kind = entryKind(entry, name)
      twins(name, kind)
      if (kind === 'folder') continue
      checkSizes(entry, name, total)
      const limit = Object.hasOwn(keep, name) ? keep[name]! : null
      if (limit !== null && entry.uncompressedSize > limit)
        throw refuse(`${name} is far larger than a case file's; the zip was not read.`)
      const { sha256, bytes } = await hashEntry(zip, entry, name, limit !== null)
      read.hashes.set(name, sha256)
      if (bytes) read.kept.set(name, bytes)
    }
    return read
  } catch (error) {
    if (error instanceof CaseVerifyRefused) throw error
    throw refuse(
      `The zip is damaged or was made to mislead (${(error as Error).message}); it was not read.`,
    )
  } finally {
    zip.close()
    await file.close()
  }
}

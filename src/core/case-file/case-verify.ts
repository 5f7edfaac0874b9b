import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import yauzl, { type Entry, type ZipFile } from 'yauzl'

/*
 * `casefile case verify FILE.zip`: every file of a case file hashed again and compared with its
 * SHA256SUMS. The zip is handed back from outside (a colleague, a court's copy), so it is read
 * as hostile: through its central directory (yauzl), each entry's declared size checked before
 * a byte is inflated, every entry streamed through the hash (never held whole), inflation
 * counted against the declared size, and names that climb out of the zip refused.
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

/** A zip that is not read at all: hostile, damaged, or not a case file. Says why. */
export class CaseVerifyRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CaseVerifyRefused'
  }
}

export type FileVerdict = 'ok' | 'changed' | 'missing' | 'added'

export interface VerifyResult {
  ok: boolean
  files: { name: string; verdict: FileVerdict }[]
}

const SUMS = 'SHA256SUMS'
const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`

function checkName(name: string): void {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f\\]/.test(name) || /^[a-zA-Z]:/.test(name) || name.startsWith('/'))
    throw new CaseVerifyRefused(
      `The zip names a file outside its own folder (${JSON.stringify(name)}); it was not read.`,
    )
  if (name.split('/').some((segment) => segment === '..' || segment === '.'))
    throw new CaseVerifyRefused(
      `The zip names a file outside its own folder (${JSON.stringify(name)}); it was not read.`,
    )
}

function checkEntry(entry: Entry, name: string, total: { bytes: number }): void {
  if (entry.isEncrypted())
    throw new CaseVerifyRefused(`${name} is encrypted in the zip; a case file never is.`)
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw new CaseVerifyRefused(`${name} is packed with a method a case file does not use.`)
  if (entry.uncompressedSize > VERIFY_LIMITS.maxEntryBytes)
    throw new CaseVerifyRefused(
      `${name} would unpack to ${MB(entry.uncompressedSize)}, more than the ${MB(VERIFY_LIMITS.maxEntryBytes)} any file of a case file can be; the zip was not read.`,
    )
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
  if (entry.uncompressedSize > VERIFY_LIMITS.ratioGraceBytes && ratio > VERIFY_LIMITS.maxRatio)
    throw new CaseVerifyRefused(
      `${name} would unpack ${Math.round(ratio)} times larger than it is packed (a zip bomb); the zip was not read.`,
    )
  total.bytes += entry.uncompressedSize
  if (total.bytes > VERIFY_LIMITS.maxTotalBytes)
    throw new CaseVerifyRefused(
      `The zip would unpack to more than ${MB(VERIFY_LIMITS.maxTotalBytes)}; the zip was not read.`,
    )
}

/** Streams one entry through SHA-256, stopping at more bytes than it declared; keeps the bytes of SHA256SUMS. */
async function hashEntry(zip: ZipFile, entry: Entry, keep: boolean) {
  const hash = createHash('sha256')
  const kept: Buffer[] = []
  let inflated = 0
  const stream: Readable = await zip.openReadStreamPromise(entry)
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inflated += chunk.length
      if (inflated > entry.uncompressedSize)
        throw new CaseVerifyRefused(
          `${entry.fileName} unpacks to more than its zip directory declares; the zip was not read.`,
        )
      hash.update(chunk)
      if (keep) kept.push(chunk)
    }
  } finally {
    stream.destroy()
  }
  return { sha256: hash.digest('hex'), bytes: keep ? Buffer.concat(kept) : null }
}

function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>()
  for (const line of text.split('\n')) {
    if (line === '') continue
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line)
    if (!match)
      throw new CaseVerifyRefused(
        `${SUMS} has a line that is not "<hash>  <file>": ${JSON.stringify(line.slice(0, 80))}.`,
      )
    checkName(match[2]!)
    sums.set(match[2]!, match[1]!)
  }
  return sums
}

export async function verifyCaseFile(path: string): Promise<VerifyResult> {
  let zip: ZipFile
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      strictFileNames: true,
      validateEntrySizes: true,
    })
  } catch (error) {
    throw new CaseVerifyRefused(
      `This is not a zip Casefile can read (${(error as Error).message}).`,
    )
  }
  try {
    if (zip.entryCount > VERIFY_LIMITS.maxEntries)
      throw new CaseVerifyRefused(
        `The zip lists ${zip.entryCount} files; a case file has a dozen or so. It was not read.`,
      )
    const hashes = new Map<string, string>()
    let sumsText: string | null = null
    const total = { bytes: 0 }
    try {
      for await (const entry of zip.eachEntry()) {
        const name = entry.fileName
        checkName(name)
        if (name.endsWith('/')) continue
        if (hashes.has(name) || (name === SUMS && sumsText !== null))
          throw new CaseVerifyRefused(`The zip holds ${name} twice; it was not read.`)
        checkEntry(entry, name, total)
        if (name === SUMS) {
          if (entry.uncompressedSize > VERIFY_LIMITS.maxSumsBytes)
            throw new CaseVerifyRefused(
              `${SUMS} is far larger than a case file's; it was not read.`,
            )
          sumsText = (await hashEntry(zip, entry, true)).bytes!.toString('utf8')
        } else hashes.set(name, (await hashEntry(zip, entry, false)).sha256)
      }
    } catch (error) {
      if (error instanceof CaseVerifyRefused) throw error
      throw new CaseVerifyRefused(
        `The zip is damaged or was made to mislead (${(error as Error).message}); it was not read.`,
      )
    }
    if (sumsText === null)
      throw new CaseVerifyRefused(`The zip has no ${SUMS}, so it is not a case file Casefile made.`)
    const sums = parseSums(sumsText)
    const files: VerifyResult['files'] = []
    for (const [name, expected] of sums) {
      const actual = hashes.get(name)
      files.push({
        name,
        verdict: actual === undefined ? 'missing' : actual === expected ? 'ok' : 'changed',
      })
    }
    for (const name of hashes.keys()) if (!sums.has(name)) files.push({ name, verdict: 'added' })
    return { ok: files.every((f) => f.verdict === 'ok'), files }
  } finally {
    zip.close()
  }
}

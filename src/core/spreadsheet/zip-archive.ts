import yauzl from 'yauzl'
import type { Entry, ZipFile } from 'yauzl'
import type { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'
import { formatBytes, TableFileError, tableErrors } from './table-file-error'
import { ZIP_RATIO_GRACE_BYTES, type TableLimits } from './table-limits'

/**
 * The pieces a part is inflated in. Each piece is a turn of the core's event loop (zlib answers
 * from its thread pool, then the piece is parsed): at zlib's default 16 KB, a 20,000-row sheet
 * (16 MB) was a thousand turns, each waiting behind the other jobs' tasks under bench:load
 * (the preview 49 s together, 6.5 s alone, for 5 s of its own work). 64 KB is a quarter of
 * the turns, each a parse of about 15 ms.
 */
export const INFLATE_PIECE_BYTES = 64 * 1024

/**
 * An XLSX zip opened through its central directory (yauzl), so each part's declared sizes are
 * known before a byte is inflated, and a part is refused when it would unpack too large or is
 * packed suspiciously tight. While inflating, yauzl checks the bytes against the declared size
 * and we count them again, so a part that lies about its size is stopped in bounded memory.
 */
export class ZipArchive {
  private constructor(
    private readonly zip: ZipFile,
    /** Parts by lower-cased name: OPC part names are case-insensitive. A Map, never an object. */
    private readonly entries: Map<string, Entry>,
    private readonly limits: TableLimits,
  ) {}

  static async open(
    source: { path: string } | { bytes: Uint8Array },
    limits: TableLimits,
  ): Promise<ZipArchive> {
    const options = { lazyEntries: true, autoClose: false, strictFileNames: false }
    let zip: ZipFile
    try {
      zip =
        'path' in source
          ? await yauzl.openPromise(source.path, options)
          : await yauzl.fromBufferPromise(
              Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength),
              options,
            )
    } catch (error) {
      throw damaged(error)
    }
    if (zip.entryCount > limits.maxZipEntries) {
      zip.close()
      throw tableErrors.zipBomb(
        '(zip directory)',
        `lists ${zip.entryCount.toLocaleString('en-US')} parts, where a workbook has a few dozen`,
      )
    }
    const entries = new Map<string, Entry>()
    try {
      for await (const entry of zip.eachEntry()) {
        entries.set(entry.fileName.replace(/^\/+/, '').toLowerCase(), entry)
      }
    } catch (error) {
      zip.close()
      throw damaged(error)
    }
    return new ZipArchive(zip, entries, limits)
  }

  has(name: string): boolean {
    return this.entries.has(name.toLowerCase())
  }

  /** Compressed size of a part, for progress. */
  sizeOf(name: string): { compressed: number; uncompressed: number } | null {
    const entry = this.entries.get(name.toLowerCase())
    return entry ? { compressed: entry.compressedSize, uncompressed: entry.uncompressedSize } : null
  }

  /** The text of a part in decoded pieces; null when the zip has no such part. */
  async openText(name: string): Promise<AsyncGenerator<string> | null> {
    const entry = this.entries.get(name.toLowerCase())
    if (!entry) return null
    this.checkDeclaredSize(name, entry)
    let stream: Readable
    try {
      // Inflated here rather than by yauzl, in pieces of our size; decode counts the bytes
      // against the declared size as they come.
      const deflated = entry.compressionMethod === 8
      // (yauzl takes the option for deflated parts only: a stored part is its bytes.)
      const raw = await this.zip.openReadStreamPromise(entry, deflated ? { decompress: false } : {})
      if (deflated) {
        const inflate = createInflateRaw({ chunkSize: INFLATE_PIECE_BYTES })
        raw.on('error', (error) => inflate.destroy(error))
        inflate.on('close', () => raw.destroy())
        stream = raw.pipe(inflate)
      } else stream = raw
    } catch (error) {
      throw damaged(error, name)
    }
    return this.decode(name, entry, stream)
  }

  close(): void {
    this.zip.close()
  }

  private checkDeclaredSize(name: string, entry: Entry): void {
    if (entry.isEncrypted())
      throw tableErrors.notASpreadsheet(`The workbook part "${name}" is encrypted.`)
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      throw tableErrors.notASpreadsheet(
        `The workbook part "${name}" is packed with a method Excel does not use (${entry.compressionMethod}).`,
      )
    const { maxEntryBytes, maxCompressionRatio } = this.limits
    if (entry.uncompressedSize > maxEntryBytes)
      throw tableErrors.zipBomb(
        name,
        `would unpack to ${formatBytes(entry.uncompressedSize)}, more than the ${formatBytes(maxEntryBytes)} Casefile unpacks from one part`,
      )
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
    if (entry.uncompressedSize > ZIP_RATIO_GRACE_BYTES && ratio > maxCompressionRatio)
      throw tableErrors.zipBomb(
        name,
        `would unpack from ${formatBytes(entry.compressedSize)} to ${formatBytes(entry.uncompressedSize)} (${Math.round(ratio)} times; Casefile unpacks at most ${maxCompressionRatio} times)`,
      )
  }

  private async *decode(name: string, entry: Entry, stream: Readable): AsyncGenerator<string> {
    const decoder = new TextDecoder('utf-8', { fatal: true })
    const limit = Math.min(entry.uncompressedSize, this.limits.maxEntryBytes)
    let inflated = 0
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.byteLength
        if (inflated > limit)
          throw tableErrors.zipBomb(name, 'unpacks to more than its zip directory declares')
        yield decodeXml(decoder, chunk, name)
      }
      // A part shorter than its zip directory says is damaged (yauzl said so when it inflated).
      if (inflated < entry.uncompressedSize)
        throw new Error(`too few bytes: ${inflated} of the ${entry.uncompressedSize} declared`)
      yield decodeXml(decoder, undefined, name)
    } catch (error) {
      throw damaged(error, name)
    } finally {
      stream.destroy()
    }
  }
}

function decodeXml(
  decoder: InstanceType<typeof TextDecoder>,
  chunk: Uint8Array | undefined,
  name: string,
): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode()
  } catch {
    throw tableErrors.notASpreadsheet(
      `The workbook part "${name}" is not UTF-8 text, so the workbook is damaged.`,
    )
  }
}

function damaged(error: unknown, part?: string): TableFileError {
  if (error instanceof TableFileError) return error
  const message = error instanceof Error ? error.message : String(error)
  if (/too many bytes in the stream/.test(message))
    return tableErrors.zipBomb(
      part ?? '(unknown)',
      'unpacks to more than its zip directory declares',
    )
  const where = part ? `Its part "${part}" cannot be unpacked` : 'Its zip structure cannot be read'
  return tableErrors.notASpreadsheet(
    `The file looks like an Excel workbook but is damaged or incomplete. ${where} (${message}).`,
  )
}

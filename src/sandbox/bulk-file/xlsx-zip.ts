import yauzl, { type Entry, type ZipFile } from 'yauzl'
import type { Readable } from 'node:stream'
import { MAX_COMPRESSION_RATIO, MAX_ZIP_ENTRIES, RATIO_GRACE_BYTES } from './bulk-file-limits'
import { SandboxError } from '../envelope'
import { refuse } from './bulk-file-refusals'

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

/**
 * An XLSX zip opened through its central directory (yauzl): each part's sizes are known before
 * a byte is inflated, so a part that would unpack too large, or is packed like a bomb, is
 * refused unopened; while a part inflates its bytes are counted, so one that lies about its
 * size stops at its bound.
 */
export class WorkbookZip {
  private constructor(
    private readonly zip: ZipFile,
    /** Parts by lower-cased name (OPC names ignore case); a Map, so "__proto__" is a name. */
    private readonly entries: Map<string, Entry>,
  ) {}

  static async open(bytes: Uint8Array): Promise<WorkbookZip> {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    let zip: ZipFile
    try {
      zip = await yauzl.fromBufferPromise(buffer, {
        lazyEntries: true,
        autoClose: false,
        strictFileNames: false,
      })
    } catch (error) {
      throw refuse.damagedWorkbook(`its zip directory is damaged (${messageOf(error)}).`)
    }
    const entries = new Map<string, Entry>()
    try {
      if (zip.entryCount > MAX_ZIP_ENTRIES)
        throw refuse.zipBomb('(zip directory)', `lists ${zip.entryCount} parts`)
      for await (const entry of zip.eachEntry())
        entries.set(entry.fileName.replace(/^\/+/, '').toLowerCase(), entry)
    } catch (error) {
      zip.close()
      if (error instanceof SandboxError) throw error
      throw refuse.damagedWorkbook(`its zip directory is damaged (${messageOf(error)}).`)
    }
    return new WorkbookZip(zip, entries)
  }

  has(part: string): boolean {
    return this.entries.has(part.toLowerCase())
  }

  /**
   * The text of a part, in pieces as it inflates; null when the zip has no such part. A part
   * that would unpack to more than `maxBytes` is refused (413) before it is opened.
   */
  async text(part: string, maxBytes: number): Promise<AsyncGenerator<string> | null> {
    const entry = this.entries.get(part.toLowerCase())
    if (!entry) return null
    if (entry.isEncrypted())
      throw refuse.damagedWorkbook(`its part "${part}" is encrypted (a workbook with a password?).`)
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      throw refuse.damagedWorkbook(
        `its part "${part}" is packed with method ${entry.compressionMethod}, which spreadsheet programs do not use.`,
      )
    if (entry.uncompressedSize > maxBytes)
      throw refuse.zipBomb(
        part,
        `would unpack to ${mib(entry.uncompressedSize)}, more than the ${mib(maxBytes)} read from it`,
      )
    const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
    if (entry.uncompressedSize > RATIO_GRACE_BYTES && ratio > MAX_COMPRESSION_RATIO)
      throw refuse.zipBomb(
        part,
        `would unpack ${Math.round(ratio)} times its packed size (at most ${MAX_COMPRESSION_RATIO} are unpacked)`,
      )
    let stream: Readable
    try {
      stream = await this.zip.openReadStreamPromise(entry)
    } catch (error) {
      throw refuse.damagedWorkbook(`its part "${part}" cannot be unpacked (${messageOf(error)}).`)
    }
    return decodeStream(part, stream, Math.min(maxBytes, entry.uncompressedSize))
  }

  close(): void {
    this.zip.close()
  }
}

async function* decodeStream(
  part: string,
  stream: Readable,
  limit: number,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let inflated = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inflated += chunk.byteLength
      if (inflated > limit)
        throw refuse.zipBomb(part, 'unpacks to more than its zip directory declares')
      yield decoder.decode(chunk, { stream: true })
    }
    yield decoder.decode()
  } catch (error) {
    if (error instanceof SandboxError) throw error
    if (/too many bytes/.test(messageOf(error)))
      throw refuse.zipBomb(part, 'unpacks to more than its zip directory declares')
    if (error instanceof TypeError)
      throw refuse.damagedWorkbook(`its part "${part}" is not UTF-8 text.`)
    throw refuse.damagedWorkbook(`its part "${part}" cannot be unpacked (${messageOf(error)}).`)
  } finally {
    stream.destroy()
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

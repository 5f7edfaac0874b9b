import { setImmediate as nextTurn } from 'node:timers/promises'
import yazl from 'yazl'

export interface ZipPart {
  name: string
  bytes: Buffer
  /** Stored, not deflated: an ODT's mimetype must be; PDFs and pictures gain nothing from it. */
  store?: boolean
}

/**
 * A zip of the parts, in their order, in memory (yazl: the same writer as the XLSX files). yazl
 * sums each buffer's CRC-32 in JavaScript as it is added (about 10 ms a megabyte), so the event
 * loop is let through between parts.
 */
export async function zipBytes(parts: readonly ZipPart[], at: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const part of parts) {
    zip.addBuffer(part.bytes, part.name, { mtime: at, mode: 0o100644, compress: !part.store })
    await nextTurn()
  }
  zip.end()
  const chunks: Buffer[] = []
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk))
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)))
    zip.outputStream.on('error', reject)
  })
}

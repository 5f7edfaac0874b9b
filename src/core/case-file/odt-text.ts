import yauzl, { type Entry, type ZipFile } from 'yauzl'

/*
 * The text of an ODT's content.xml, for `casefile case verify` to read back what the certificate
 * in a case file states. The ODT is a zip inside the zip handed back, so as hostile as it: a few
 * entries at most, content.xml bounded in size and in inflation, and no XML parser (no entities
 * beyond the five and numeric ones, no DTD): the tags are taken out and the text is what is left.
 */

export const ODT_LIMITS = { maxEntries: 32, maxContentBytes: 4 * 1024 * 1024, maxRatio: 200 }

/** Why an ODT's text could not be had, in words. */
export class OdtUnreadable extends Error {}

async function inflate(zip: ZipFile, entry: Entry): Promise<Buffer> {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw new OdtUnreadable('its content.xml is packed with a method an ODT does not use')
  if (entry.uncompressedSize > ODT_LIMITS.maxContentBytes)
    throw new OdtUnreadable('its content.xml is far larger than a certificate')
  if (
    entry.uncompressedSize > 64 * 1024 &&
    entry.uncompressedSize / Math.max(1, entry.compressedSize) > ODT_LIMITS.maxRatio
  )
    throw new OdtUnreadable(
      'its content.xml would unpack far larger than it is packed (a zip bomb)',
    )
  const chunks: Buffer[] = []
  let size = 0
  const stream = await zip.openReadStreamPromise(entry)
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > entry.uncompressedSize)
        throw new OdtUnreadable('its content.xml unpacks to more than it declares')
      chunks.push(chunk)
    }
  } finally {
    stream.destroy()
  }
  return Buffer.concat(chunks)
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name] ?? whole
  })
}

/** The words of the ODT's content.xml, whitespace made single spaces. Throws OdtUnreadable. */
export async function odtText(bytes: Buffer): Promise<string> {
  let zip: ZipFile
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true })
  } catch (error) {
    throw new OdtUnreadable(`it is not a zip (${(error as Error).message})`)
  }
  try {
    if (zip.entryCount > ODT_LIMITS.maxEntries)
      throw new OdtUnreadable(`it holds ${zip.entryCount} parts, far more than a certificate`)
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== 'content.xml') continue
      const xml = (await inflate(zip, entry)).toString('utf8')
      return decodeEntities(xml.replace(/<[^>]*>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim()
    }
    throw new OdtUnreadable('it has no content.xml')
  } catch (error) {
    if (error instanceof OdtUnreadable) throw error
    throw new OdtUnreadable(`it is damaged (${(error as Error).message})`)
  } finally {
    zip.close()
  }
}

import yauzl from 'yauzl'

/** Every part of a zip, name → uncompressed text, for comparing workbooks by content. */
export async function zipParts(bytes: Uint8Array): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(bytes), { lazyEntries: true })
  const parts = new Map<string, string>()
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry)
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    parts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'))
  }
  zip.close()
  return parts
}

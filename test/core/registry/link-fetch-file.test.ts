// An attachment written to a file as it is fetched (a case's bundle, issue 41): the same checks
// and words as a fetch into memory, the same size cap, and nothing left at the path when the
// file does not come whole: too large (said or sent), cut off, refused.
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createRegistryClient,
  LinkFetchError,
  type RegistryClient,
} from '../../../src/core/registry/registry-client'

const MB = 1024 * 1024
const FILE = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * MB, 0x25)])

let server: Server
let baseUrl = ''
let client: RegistryClient
const dir = mkdtempSync(join(tmpdir(), 'link-fetch-file-'))

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/'
    response.on('error', () => undefined)
    if (path === '/files/whole.pdf')
      response.writeHead(200, { 'content-type': 'application/pdf' }).end(FILE)
    else if (path === '/files/said-huge.pdf')
      // Says more than the cap and would send it: refused before a byte is written.
      response.writeHead(200, { 'content-length': String(12 * MB) }).end(Buffer.alloc(12 * MB))
    else if (path === '/files/sent-huge.pdf') {
      // Says no length (chunked) and sends more than the cap: stopped once it passes it.
      response.writeHead(200, { 'content-type': 'application/pdf' })
      const piece = Buffer.alloc(MB, 0x25)
      let sent = 0
      const more = () => {
        while (sent < 12 && response.write(piece)) sent++
        if (sent >= 12) response.end()
        else response.once('drain', more)
      }
      more()
    } else if (path === '/files/cut.pdf') {
      // Says 3 MB, sends 1 MB and hangs up.
      response.writeHead(200, { 'content-length': String(3 * MB) })
      response.write(Buffer.alloc(MB, 0x25), () => response.socket?.destroy())
    } else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  client = createRegistryClient(
    { baseUrl, uploadUrl: baseUrl },
    { getApiKey: () => 'sbx_test_key_0000', timeoutMs: 5000, uploadTimeoutMs: 5000 },
  )
})
afterAll(async () => {
  client.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

async function refusal(name: string): Promise<{ error: LinkFetchError; left: boolean }> {
  const path = join(dir, name)
  const error = await client
    .fetchLinkToFile(`${baseUrl}/files/${name}`, path, { maxBytes: 10 * MB })
    .then(
      () => null,
      (e: unknown) => e,
    )
  expect(error).toBeInstanceOf(LinkFetchError)
  return { error: error as LinkFetchError, left: existsSync(path) }
}

describe('an attachment fetched into a file', () => {
  it('is written byte for byte, each piece given to be summed on the way', async () => {
    const path = join(dir, 'whole.pdf')
    const hash = createHash('sha256')
    let pieces = 0
    const fetched = await client.fetchLinkToFile(`${baseUrl}/files/whole.pdf`, path, {
      maxBytes: 10 * MB,
      onPiece: (piece) => {
        pieces++
        hash.update(piece)
      },
    })
    expect(fetched).toEqual({ size: FILE.length, contentType: 'application/pdf' })
    expect(readFileSync(path).equals(FILE)).toBe(true)
    expect(hash.digest('hex')).toBe(createHash('sha256').update(FILE).digest('hex'))
    // In pieces, never handed over whole.
    expect(pieces).toBeGreaterThan(1)
  })

  it('refuses a file larger than any attachment, whether it says so or only sends it', async () => {
    const words =
      'The registry sent more than 10 MiB for this file, more than any attachment can be, so Casefile stopped reading it.'
    for (const name of ['said-huge.pdf', 'sent-huge.pdf']) {
      const { error, left } = await refusal(name)
      expect(error.kind).toBe('too_large')
      expect(error.message).toBe(words)
      expect(left).toBe(false)
    }
  })

  it('says when the file was cut off, and keeps nothing of it', async () => {
    const { error, left } = await refusal('cut.pdf')
    expect(error.kind).toBe('offline')
    expect(error.message).toBe(
      'The registry stopped sending this file before its end, so Casefile did not keep it. Try again when this computer is connected.',
    )
    expect(left).toBe(false)
  })

  it('refuses what the registry no longer has, as a fetch into memory does', async () => {
    const { error, left } = await refusal('gone.pdf')
    expect(error.kind).toBe('refused')
    expect(error.message).toBe('The registry no longer has this file.')
    expect(left).toBe(false)
  })

  it('says a file this computer cannot write in its own error, not as the registry’s', async () => {
    const path = join(dir, 'no-such-folder', 'whole.pdf')
    await expect(
      client.fetchLinkToFile(`${baseUrl}/files/whole.pdf`, path, { maxBytes: 10 * MB }),
    ).rejects.toMatchObject({ code: 'ENOENT' })
  })
})

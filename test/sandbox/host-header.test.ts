import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { sandboxHostNames } from '../../src/sandbox/host-names'
import { ADMIN_FAULTS_PATH } from '../../src/sandbox/routes/admin-routes'
import { SAMPLE_FILES, formWithFile } from './sample-files'
import { paths, useSandbox } from './sandbox-harness'

const h = useSandbox()

/** One request with the Host header we choose (fetch will not forge it; node:http does). */
function send(
  path: string,
  host: string | null,
  init: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...init.headers }
    if (host !== null) headers['host'] = host
    const req = request(
      {
        host: '127.0.0.1',
        port: h.sandbox.port,
        path,
        method: init.method ?? 'GET',
        headers,
        setHost: host === null ? false : undefined,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        )
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

describe('the sandbox answers only to its own names', () => {
  it.each([
    ['the admin routes', ADMIN_FAULTS_PATH],
    ['the bank list', paths.banks],
    ['a report route', paths.submissions],
  ])('refuses %s to a forged Host (DNS rebinding) with 421', async (_what, path) => {
    const result = await send(path, `attacker.example:${h.sandbox.port}`, {
      headers: { 'x-api-key': h.key },
    })
    expect(result.status).toBe(421)
    expect(JSON.parse(result.body)).toMatchObject({ success: false, data: null })
    expect(result.body).toMatch(/answers only to its own address/)
  })

  it('refuses a loopback name on another port, and a request with no Host', async () => {
    expect((await send(paths.banks, '127.0.0.1:1')).status).toBe(421)
    // With no Host at all, Node's HTTP/1.1 parser already answers 400 before the sandbox.
    const none = (await send(paths.banks, null)).status
    expect(none >= 400 && none < 500).toBe(true)
  })

  it.each(['127.0.0.1', 'localhost', '[::1]', 'LOCALHOST'])('serves %s:<port>', async (name) => {
    expect((await send(paths.banks, `${name}:${h.sandbox.port}`)).status).toBe(200)
  })

  it('refuses an upload to a forged Host, and builds upload links from its own address', async () => {
    const form = formWithFile(SAMPLE_FILES.pdf.bytes, SAMPLE_FILES.pdf.name)
    const encoded = new Response(form)
    const body = Buffer.from(await encoded.arrayBuffer())
    const headers = { 'content-type': encoded.headers.get('content-type') ?? '' }
    const uploadPath = new URL(h.sandbox.uploadUrl + paths.upload).pathname
    const forged = await send(uploadPath, `attacker.example:${h.sandbox.port}`, {
      method: 'POST',
      body,
      headers,
    })
    expect(forged.status).toBe(421)
    const fine = await send(uploadPath, `localhost:${h.sandbox.port}`, {
      method: 'POST',
      body,
      headers,
    })
    expect(fine.status).toBe(200)
    const url = (JSON.parse(fine.body) as { data: { url: string } }).data.url
    expect(url.startsWith(`${h.sandbox.uploadUrl}/files/`)).toBe(true)
  })
})

describe('sandboxHostNames', () => {
  it('adds the listening address, or the interfaces when listening on all of them', () => {
    expect(sandboxHostNames('127.0.0.1', 4010)).toEqual(
      new Set(['127.0.0.1:4010', 'localhost:4010', '[::1]:4010']),
    )
    expect(sandboxHostNames('192.168.1.20', 4010).has('192.168.1.20:4010')).toBe(true)
    const all = sandboxHostNames('0.0.0.0', 4010, () => ['10.0.0.7', 'fe80::1'])
    expect(all.has('10.0.0.7:4010')).toBe(true)
    expect(all.has('[fe80::1]:4010')).toBe(true)
    expect(all.has('attacker.example:4010')).toBe(false)
  })
})

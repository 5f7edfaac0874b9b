import { execFileSync } from 'node:child_process'
import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRegistryClient } from '../../../src/core/registry/registry-client'

/*
 * A search a case keeps carries the certificate the registry's connection showed: over https
 * the SHA-256 of its leaf certificate, read from the very connection the answer came on (the
 * sandbox is plain http, where there is none to keep: test/core/cases/cases.test.ts).
 */

let server: https.Server
let cert: string
let baseUrl: string
const ANSWER = '{"success":true,"message":"ok","data":{"reports":[],"publicReports":[]}}'

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-tls-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  )
  cert = readFileSync(join(dir, 'cert.pem'), 'utf8')
  server = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', date: new Date().toUTCString() })
      res.end(ANSWER)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  baseUrl = `https://localhost:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('the registry’s certificate, kept with a search’s answer', () => {
  it('is the SHA-256 of the certificate the connection showed, with the answer as it came', async () => {
    const client = createRegistryClient(
      { baseUrl, uploadUrl: baseUrl },
      {
        getApiKey: () => 'test-key',
        // The registry agent, as every call goes: the certificate trusted as an extra CA.
        network: {
          extraCaPems: [cert],
          resolveProxy: async () => ({ kind: 'direct', via: 'none' }),
        },
      },
    )
    try {
      const { body, seen } = await client.searchReportsAnswer({
        identifier: 'bvn',
        value: '22212345678',
      })
      expect(body).toBe(ANSWER)
      expect(seen.status).toBe(200)
      const expected = new X509Certificate(cert).fingerprint256.replace(/:/g, '').toLowerCase()
      expect(seen.certificateSha256).toBe(expected)
      // A second search, on the kept-alive connection Node no longer reads the peer of, has it too.
      const again = await client.searchReportsAnswer({ identifier: 'bvn', value: '22212345679' })
      expect(again.seen.certificateSha256).toBe(expected)
    } finally {
      client.close()
    }
  })
})

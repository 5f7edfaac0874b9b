import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createRegistryClient,
  type RegistryClient,
} from '../../../src/core/registry/registry-client'
import { RegistryError } from '../../../src/core/registry-error'
import type { ReportInput } from '../../../src/shared/domain/report-input'
import type { RunningSandbox } from '../../../src/sandbox'
import { closedPortUrl, startTestSandbox, uniqueReason } from '../../support/core-with-sandbox'
import { PDF_BYTES } from '../../support/temp-store'

/* The API client against the sandbox registry over real HTTP: every endpoint, every failure class. */

let sandbox: RunningSandbox
let client: RegistryClient
let other: RegistryClient
/** A client of its own, for a test that makes the registry ask it for quiet. */
let freshClient: () => RegistryClient
const secrets: string[] = []
const log: unknown[] = []

beforeAll(async () => {
  sandbox = await startTestSandbox()
  const [a, b] = sandbox.demoKeys
  secrets.push(a!.key, b!.key)
  const connection = { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl }
  client = createRegistryClient(connection, {
    getApiKey: () => a!.key,
    timeoutMs: 300,
    onExchange: (e) => log.push(e),
  })
  other = createRegistryClient(connection, { getApiKey: () => b!.key })
  freshClient = () => createRegistryClient(connection, { getApiKey: () => a!.key, timeoutMs: 300 })
})
afterAll(() => sandbox.stop())

const input = (overrides: Partial<ReportInput> = {}): ReportInput => ({
  fraudType: 'identity_theft',
  fraudReason: uniqueReason('contract'),
  identifiers: [{ label: 'bvn', value: '22123456789' }],
  attachments: [],
  showUploaderInfo: false,
  ...overrides,
})

async function failure(promise: Promise<unknown>): Promise<RegistryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(RegistryError)
  return error as RegistryError
}

describe('every endpoint, success', () => {
  it('upload → create → get (masked) → decode (full) → update → submissions → search → unlist → banks', async () => {
    const progress: number[] = []
    const uploaded = await client.uploadFile(
      { bytes: PDF_BYTES, fileName: 'statement.pdf', mimeType: 'application/pdf' },
      { onProgress: (p) => progress.push(p.loaded) },
    )
    expect(uploaded.url).toMatch(/^http/)
    expect(progress.at(-1)).toBeGreaterThan(0)

    const created = await client.createReport(
      input({
        attachments: [uploaded.url],
        identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
      }),
    )
    expect(created).toMatchObject({
      status: 'published',
      listingStatus: 'listed',
      identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
    })

    const fetched = await client.getSubmission(created.id)
    expect(JSON.stringify(fetched.identifiers)).toContain('*')
    const decoded = await client.decodeSubmission(created.id)
    expect(decoded.identifiers?.[0]?.value).toBe('0123456789_access-bank')
    expect(decoded.attachments).toEqual([uploaded.url])

    const updated = await client.updateReport(
      created.id,
      input({
        fraudType: 'money_mule',
        fraudReason: created.fraudReason!,
        identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
      }),
    )
    expect(updated.fraudType).toBe('money_mule')

    const page = await client.listSubmissions({ page: 1, limit: 5 })
    expect(page.meta).toMatchObject({ page: 1, limit: 5 })
    expect(page.data.map((r) => r.id)).toContain(created.id)

    const found = await other.searchReports({
      identifier: 'account',
      value: '0123456789_access-bank',
    })
    expect(
      found.reports.find((r) => r.id === created.id)?.reportingCompany?.businessName,
    ).toBeTruthy()
    expect(Array.isArray(found.publicReports)).toBe(true)

    await client.unlistReport(created.id)
    expect((await client.decodeSubmission(created.id)).listingStatus).toBe('unlisted')

    const banks = await client.listBanks()
    expect(banks.length).toBeGreaterThanOrEqual(25)
    expect(banks.find((b) => b.slug === 'access-bank')).toMatchObject({
      name: expect.stringMatching(/Access/),
      code: '044',
    })
  })

  it('bulk upload answers failedUploads with the row of each refused line', async () => {
    const csv = `fraud_type,fraud_reason,bvn\nhacker,${uniqueReason('bulk')},22123456789\nnot_a_type,short,1\n`
    const bulk = await client.bulkUpload({
      bytes: new TextEncoder().encode(csv),
      fileName: 'reports.csv',
      mimeType: 'text/csv',
    })
    expect(bulk.failedUploads).toHaveLength(1)
    expect(bulk.failedUploads[0]).toMatchObject({ row: 3 })
  })
})

describe('every failure class', () => {
  it('validation: the registry message, status 400', async () => {
    const error = await failure(
      client.createReport(
        input({ identifiers: [{ label: 'account', value: '0123456789_no-such-bank' }] }),
      ),
    )
    expect(error).toMatchObject({ kind: 'validation', status: 400, outcomeUnknown: false })
    expect(error.message).toMatch(/no-such-bank/)
  })
  it('unauthorized: a missing key is refused before sending, an unknown one by the registry', async () => {
    const noKey = createRegistryClient(
      { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
      { getApiKey: () => undefined },
    )
    expect(await failure(noKey.listSubmissions())).toMatchObject({
      kind: 'unauthorized',
      status: undefined,
    })
    const wrong = createRegistryClient(
      { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
      { getApiKey: () => 'sbx_not_a_key_1234' },
    )
    const error = await failure(wrong.listSubmissions())
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 })
    expect(JSON.stringify(error) + error.message + String(error.stack)).not.toContain(
      'sbx_not_a_key_1234',
    )
  })
  it('not_found: an unknown id, and another organization’s report', async () => {
    expect(await failure(client.decodeSubmission('rep_missing'))).toMatchObject({
      kind: 'not_found',
      status: 404,
    })
    const theirs = await other.createReport(input())
    expect(await failure(client.unlistReport(theirs.id))).toMatchObject({
      kind: 'not_found',
      status: 404,
    })
  })
  it('too_large and a refused type on upload', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41)
    expect(await failure(client.uploadFile({ bytes: big, fileName: 'big.txt' }))).toMatchObject({
      kind: 'too_large',
      status: 413,
    })
    expect(
      await failure(
        client.uploadFile({ bytes: new Uint8Array([0x4d, 0x5a, 0, 0]), fileName: 'x.pdf' }),
      ),
    ).toMatchObject({ kind: 'validation', status: 415 })
  })
  it('rate_limited with Retry-After in both forms', async () => {
    sandbox.setFaults([{ kind: 'rate_limit', retryAfterSeconds: 7, route: 'banks', count: 1 }])
    expect(await failure(freshClient().listBanks())).toMatchObject({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 7000,
    })
    sandbox.setFaults([
      {
        kind: 'rate_limit',
        retryAfterSeconds: 30,
        retryAfterForm: 'http-date',
        route: 'banks',
        count: 1,
      },
    ])
    const error = await failure(freshClient().listBanks())
    expect(error.retryAfterMs).toBeGreaterThan(25_000)
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000)
  })
  it('after a 429, sends nothing at all until its Retry-After has passed (registry-notes.md)', async () => {
    const quiet = freshClient()
    sandbox.setFaults([{ kind: 'rate_limit', retryAfterSeconds: 1, route: 'banks', count: 1 }])
    const refused = await failure(quiet.listBanks())
    expect(refused).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 1000 })
    // Another endpoint, at once: refused here, the registry not asked (no status; the search
    // itself has no fault and would be answered), with the time left.
    const held = await failure(quiet.searchReports({ identifier: 'bvn', value: '22123456789' }))
    expect(held).toMatchObject({ kind: 'rate_limited', status: undefined, outcomeUnknown: false })
    expect(held.retryAfterMs).toBeGreaterThan(0)
    expect(held.retryAfterMs).toBeLessThanOrEqual(1000)
    expect(held.message).toMatch(/asked Casefile to send nothing more for now: try again in 1 s/)
    expect(quiet.quietUntil()).toBeGreaterThan(Date.now())
    // Once it has passed, requests go again.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, quiet.quietUntil() - Date.now()) + 20),
    )
    await expect(
      quiet.searchReports({ identifier: 'bvn', value: '22123456789' }),
    ).resolves.toBeDefined()
  })
  it('server: 500 (outcome unknown) and 503', async () => {
    sandbox.setFaults([{ kind: 'error', status: 500, route: 'search', count: 1 }])
    expect(
      await failure(client.searchReports({ identifier: 'bvn', value: '22123456789' })),
    ).toMatchObject({ kind: 'server', status: 500, outcomeUnknown: true })
    sandbox.setFaults([{ kind: 'error', status: 503, route: 'search', count: 1 }])
    expect(
      await failure(client.searchReports({ identifier: 'bvn', value: '22123456789' })),
    ).toMatchObject({ kind: 'server', status: 503, outcomeUnknown: false })
  })
  it('timeout: a stall past the time limit', async () => {
    sandbox.setFaults([{ kind: 'stall', ms: 600, then: 'drop', route: 'submissions', count: 1 }])
    expect(await failure(client.listSubmissions())).toMatchObject({
      kind: 'timeout',
      outcomeUnknown: true,
    })
  })
  it('offline: a dropped connection after the write (outcome unknown), and a refused one (not sent)', async () => {
    sandbox.setFaults([{ kind: 'commit_then_drop', route: 'create', count: 1 }])
    expect(await failure(client.createReport(input()))).toMatchObject({
      kind: 'offline',
      outcomeUnknown: true,
    })
    const down = await closedPortUrl()
    const refused = createRegistryClient(
      { baseUrl: down, uploadUrl: down },
      { getApiKey: () => 'k' },
    )
    expect(await failure(refused.listBanks())).toMatchObject({
      kind: 'offline',
      outcomeUnknown: false,
    })
  })
  it('cancelled: the caller aborts', async () => {
    sandbox.setFaults([{ kind: 'latency', ms: 200, route: 'banks', count: 1 }])
    const controller = new AbortController()
    const pending = client.listBanks({ signal: controller.signal })
    controller.abort()
    expect((await failure(pending)).kind).toBe('cancelled')
  })
  it('unexpected_response: a 200 whose body is not the documented shape, or not JSON, keeps the raw body', async () => {
    // A registry that has changed under us: a stand-in server answering 200 with other bodies.
    const server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        request.url?.includes('banks')
          ? JSON.stringify({ success: true, data: { banks: 'moved' } })
          : '<html>maintenance</html>',
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const odd = createRegistryClient(
      { baseUrl: `http://127.0.0.1:${port}`, uploadUrl: `http://127.0.0.1:${port}` },
      { getApiKey: () => 'sbx_secret_key_5678' },
    )
    const shape = await failure(odd.listBanks())
    expect(shape).toMatchObject({
      kind: 'unexpected_response',
      status: 200,
      rawBody: expect.stringContaining('moved'),
    })
    expect(shape.message).toMatch(/data\.entity/)
    const notJson = await failure(odd.listSubmissions())
    expect(notJson).toMatchObject({
      kind: 'unexpected_response',
      rawBody: '<html>maintenance</html>',
    })
    expect(notJson.message).toMatch(/not JSON/)
    server.close()
  })
  it('the exchange log names endpoints and outcomes, never a key', () => {
    const text = JSON.stringify(log)
    expect(text).toMatch(/POST \/api\/v1\/external\/reports/)
    for (const secret of secrets) expect(text).not.toContain(secret)
  })
})

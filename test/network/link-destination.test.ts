// A report's attachment links are written by any organization. Fetched from a bank laptop, with
// the bank's proxy and its own CA trusted, a link to a name that leads inside the bank must not
// bring the internal page into a case file: where each link's socket would connect is checked,
// directly and through squid, over HTTPS and HTTP, names resolved by a hosts-style override.
import dns from 'node:dns'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import http from 'node:http'
import https from 'node:https'
import { isIP, type AddressInfo, type LookupFunction } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportCaseFile } from '../../src/core/case-file/case-file'
import { createLinkAgents } from '../../src/core/network/registry-transport'
import { registryEndpoints } from '../../src/core/network/link-destination'
import { parseProxyAddress } from '../../src/core/network/environment-proxy'
import {
  createRegistryClient,
  LinkFetchError,
  type RegistryClient,
} from '../../src/core/registry/registry-client'
import { inspector, openTestCore, uniqueReason } from '../support/core-with-sandbox'
import { unpack } from '../core/case-file/case-file-support'
import { BANK_INTRANET_NAME, BANK_REGISTRY_NAME, useBankNetwork } from '../support/bank-network'

const net = useBankNetwork()

/** What this laptop's resolver answers in these tests: a hosts file, nothing else. */
const HOSTS: Record<string, string[]> = {
  [BANK_INTRANET_NAME]: ['127.0.0.1'],
  'payroll.bank.test': ['10.1.2.3'],
  'printer.bank.test': ['192.168.1.20'],
  'mapped.bank.test': ['::ffff:127.0.0.1'],
  'mapped-hex.bank.test': ['::ffff:7f00:1'],
  'metadata.bank.test': ['169.254.169.254'],
  'mixed.bank.test': ['203.0.113.7', '10.1.2.3'],
  localhost: ['127.0.0.1'],
}

const hostsLookup: LookupFunction = (hostname, options, callback) => {
  const found = isIP(hostname) ? [hostname] : HOSTS[hostname.toLowerCase()]
  if (!found) {
    const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
      code: 'ENOTFOUND',
    })
    return callback(error, '', 0)
  }
  const all = found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  if (options.all) callback(null, all)
  else callback(null, all[0]!.address, all[0]!.family)
}

// No name in these tests may reach the machine's own resolver (it is off this machine): the
// system lookup answers from the same hosts file while they run, and refuses everything else.
const systemLookup = dns.lookup
beforeAll(() => {
  ;(dns as { lookup: unknown }).lookup = (
    hostname: string,
    options: unknown,
    callback?: Parameters<LookupFunction>[2],
  ) => {
    const done = (
      typeof options === 'function' ? options : callback
    ) as Parameters<LookupFunction>[2]
    const given = typeof options === 'object' && options ? (options as dns.LookupOptions) : {}
    hostsLookup(hostname, { ...given }, done)
  }
})
afterAll(() => {
  ;(dns as { lookup: unknown }).lookup = systemLookup
})

/** A service inside the bank, on a port that is not the registry's: counts every connection. */
interface Inside {
  port: number
  connections: number
  server: http.Server
}
let insideTls: Inside
let insideHttp: Inside

async function listen(server: http.Server): Promise<Inside> {
  const inside: Inside = { port: 0, connections: 0, server }
  server.on('connection', () => inside.connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  inside.port = (server.address() as AddressInfo).port
  return inside
}

const PAYROLL_PAGE = 'PAYROLL: internal only'
const clients: RegistryClient[] = []

beforeAll(async () => {
  const answer = (_: http.IncomingMessage, response: http.ServerResponse) =>
    response.writeHead(200, { 'content-type': 'application/pdf' }).end(PAYROLL_PAGE)
  const cert = net.ca.certs.good
  insideTls = await listen(
    https.createServer({ cert: readFileSync(cert.cert), key: readFileSync(cert.key) }, answer),
  )
  insideHttp = await listen(http.createServer(answer))
})
afterAll(async () => {
  for (const client of clients) client.close()
  for (const inside of [insideTls, insideHttp])
    await new Promise<void>((resolve) => inside?.server.close(() => resolve()))
})

type Way = 'direct' | 'squid'

/** The registry behind the bank's good front, reached directly or only through squid. */
function registryAt(way: Way) {
  return {
    baseUrl:
      way === 'squid'
        ? `https://${BANK_REGISTRY_NAME}:${net.fronts.good.port}`
        : net.fronts.good.url,
    uploadUrl: net.sandbox.uploadUrl,
  }
}

function networkFor(way: Way) {
  return {
    resolveProxy: async () =>
      way === 'squid'
        ? parseProxyAddress(net.proxy.url, 'the test')
        : ({ kind: 'direct', via: 'none' } as const),
    extraCaPems: [readFileSync(net.caPath, 'utf8')],
    connectTimeoutMs: 3000,
    lookup: hostsLookup,
  }
}

function clientFor(way: Way): RegistryClient {
  const client = createRegistryClient(registryAt(way), {
    getApiKey: () => net.key,
    uploadTimeoutMs: 5000,
    network: networkFor(way),
  })
  clients.push(client)
  return client
}

async function fetchRefusal(client: RegistryClient, url: string): Promise<LinkFetchError> {
  const error = await client.fetchLink(url, { maxBytes: 1024 * 1024 }).then(
    (fetched) => new Error(`fetched ${fetched.bytes.length} bytes: ${fetched.bytes}`),
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(LinkFetchError)
  return error as LinkFetchError
}

/** Squid's log lines naming `host` (a CONNECT is logged when its tunnel closes: wait a little). */
async function squidLinesFor(host: string): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 300))
  return net.proxy.accessLog().filter((line) => line.includes(host))
}

describe.each(['direct', 'squid'] as const)('attachment links, %s', (way) => {
  it('refuses a name that leads to this computer, on a port that is not the registry’s', async () => {
    const url = `https://${BANK_INTRANET_NAME}:${insideTls.port}/payroll.pdf`
    const refused = await fetchRefusal(clientFor(way), url)
    expect(refused.kind).toBe('refused')
    expect(refused.message).toBe(
      `The link\u2019s host, ${BANK_INTRANET_NAME}, is this computer (127.0.0.1); Casefile does not fetch links to this computer or its network.`,
    )
    expect(insideTls.connections).toBe(0)
    if (way === 'squid') expect(await squidLinesFor(BANK_INTRANET_NAME)).toEqual([])
  })

  it.each([
    ['payroll.bank.test', 'an address inside this network (10.1.2.3)'],
    ['printer.bank.test', 'an address inside this network (192.168.1.20)'],
    ['metadata.bank.test', 'an address inside this network (169.254.169.254)'],
    ['mapped.bank.test', 'this computer (::ffff:127.0.0.1)'],
    ['mapped-hex.bank.test', 'this computer (::ffff:7f00:1)'],
    ['mixed.bank.test', 'an address inside this network (10.1.2.3)'],
  ])('refuses %s (%s) before a byte is sent', async (host, words) => {
    const refused = await fetchRefusal(clientFor(way), `https://${host}/statement.pdf`)
    expect(refused.kind).toBe('refused')
    expect(refused.message).toBe(
      `The link\u2019s host, ${host}, is ${words}; Casefile does not fetch links to this computer or its network.`,
    )
    if (way === 'squid') expect(await squidLinesFor(host)).toEqual([])
  })

  it('fetches the registry’s own files: the upload link, and its base host and port', async () => {
    const client = clientFor(way)
    const uploaded = await inspector(net.sandbox, net.key).uploadFile({
      bytes: Buffer.from('%PDF-1.4 evidence'),
      fileName: 'evidence.pdf',
    })
    const fromUpload = await client.fetchLink(uploaded.url, { maxBytes: 1024 * 1024 })
    expect(fromUpload.bytes.toString()).toBe('%PDF-1.4 evidence')
    const onBase = `${registryAt(way).baseUrl}${new URL(uploaded.url).pathname}`
    const fromBase = await client.fetchLink(onBase, { maxBytes: 1024 * 1024 })
    expect(fromBase.bytes.toString()).toBe('%PDF-1.4 evidence')
    // Written to a file as it comes (a case's bundle): the same proxy, certificates and checks.
    const path = join(mkdtempSync(join(tmpdir(), 'link-destination-')), 'evidence.pdf')
    const toFile = await client.fetchLinkToFile(uploaded.url, path, { maxBytes: 1024 * 1024 })
    expect(toFile.size).toBe(17)
    expect(readFileSync(path, 'utf8')).toBe('%PDF-1.4 evidence')
  })
})

describe('through the proxy, a name this computer cannot resolve', () => {
  it('is not handed to the proxy to resolve: only the registry’s own hosts are', async () => {
    const refused = await fetchRefusal(clientFor('squid'), 'https://files.elsewhere.test/a.pdf')
    expect(refused.kind).toBe('refused')
    expect(refused.message).toBe(
      'The link\u2019s host, files.elsewhere.test, cannot be found from this computer, so Casefile cannot check that it is outside this network and does not fetch it through the proxy.',
    )
    expect(await squidLinesFor('files.elsewhere.test')).toEqual([])
  })
})

describe('plain-http link connections', () => {
  // The one address rule lets http links name only this computer, and the spelling sieve in
  // link-fetch.ts refuses those first; the agent holds the line behind it on its own.
  const registry = () => registryEndpoints([net.sandbox.baseUrl, net.sandbox.uploadUrl])
  const get = (agent: http.Agent, url: string) =>
    new Promise<string>((resolve, reject) =>
      http
        .get(url, { agent }, (response) => {
          let body = ''
          response.on('data', (chunk: Buffer) => (body += chunk.toString()))
          response.on('end', () => resolve(body))
        })
        .on('error', reject),
    )

  it('refuses a name or an address of this computer on a port that is not the registry’s', async () => {
    const { httpAgent, httpsAgent } = createLinkAgents({ lookup: hostsLookup }, registry())
    try {
      for (const host of [BANK_INTRANET_NAME, 'mapped.bank.test', '127.0.0.1', 'localhost'])
        await expect(get(httpAgent, `http://${host}:${insideHttp.port}/payroll`)).rejects.toThrow(
          /is this computer.*Casefile does not fetch links to this computer or its network/,
        )
      expect(insideHttp.connections).toBe(0)
      // The registry's own host and port is fetched.
      const banks = await get(httpAgent, `${net.sandbox.baseUrl}/api/v1/meta-data/banks`)
      expect(banks).toMatch(/"entity"/)
    } finally {
      httpAgent.destroy()
      httpsAgent.destroy()
    }
  })
})

describe('a case file', () => {
  it('lists a link into the bank as refused, with words, and packs nothing of it', async () => {
    const link = `https://${BANK_INTRANET_NAME}:${insideTls.port}/payroll.pdf`
    // Whoever filed it, a report's links are whatever its filer wrote.
    const created = await inspector(net.sandbox, net.key).createReport({
      fraudType: 'money_mule',
      fraudReason: uniqueReason('a link planted by another organization'),
      identifiers: [{ label: 'nin', value: '12345678901' }],
      attachments: [link],
      showUploaderInfo: false,
    })
    const core = openTestCore(net.sandbox, {
      key: () => net.key,
      connection: registryAt('squid'),
      network: networkFor('squid'),
      timeoutMs: 10_000,
      uploadTimeoutMs: 10_000,
    })
    try {
      const file = await exportCaseFile(core, created.id)
      expect(file.summary.attachments).toEqual([{ fileName: 'payroll.pdf', from: 'missing' }])
      const unpacked = unpack(file.bytes)
      expect(unpacked.files.filter((name) => name.startsWith('attachments/'))).toEqual([])
      const log = JSON.parse(readFileSync(join(unpacked.dir, 'retrieval-log.json'), 'utf8'))
      const entry = log.exchanges.find((e: { request: string }) => e.request === `GET ${link}`)
      expect(entry).toMatchObject({
        outcome: 'refused',
        message: expect.stringMatching(
          /is this computer \(127\.0\.0\.1\); Casefile does not fetch/,
        ),
      })
      expect(insideTls.connections).toBe(0)
    } finally {
      await core.close()
    }
  })
})

// The bank network fixture itself, checked with plain Node clients: each front fails TLS the
// way it is meant to, each proxy tunnels (and asks for credentials) as a real one does. The
// registry client's own proxy and certificate tests build on these guarantees.
import { existsSync, readFileSync } from 'node:fs'
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net'
import { connect as tlsConnect, type PeerCertificate } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BANK_INTRANET_NAME,
  BANK_REGISTRY_NAME,
  startSquid,
  startTlsFront,
  testCa,
  TEST_CA_NAME,
  TLS_FRONT_MAX_BODY_MB,
  useBankNetwork,
  WRONG_NAME,
  type TestCa,
  type TlsFront,
} from '../support/bank-network'

const BANKS = '/api/v1/meta-data/banks'

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** GET (or POST `body`) over HTTPS, no connection pooling; rejects with Node's TLS error. */
function fetchHttps(
  url: string,
  options: { ca?: string; socket?: Socket; method?: string; body?: Buffer } = {},
): Promise<Answer> {
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? 'GET',
        // Through a tunnel, no agent: an agent would open its own connection, by DNS.
        agent: options.socket ? undefined : false,
        ca: options.ca,
        servername: target.hostname,
        ...(options.socket
          ? {
              createConnection: () =>
                tlsConnect({ socket: options.socket, servername: target.hostname, ca: options.ca }),
            }
          : {}),
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** The error code Node gives when it refuses the front's certificate. */
async function tlsFailure(url: string, ca?: string): Promise<string> {
  const failure = await fetchHttps(`${url}${BANKS}`, { ca }).then(
    () => 'accepted',
    (error: NodeJS.ErrnoException) => error.code ?? error.message,
  )
  return failure
}

/** Asks the proxy for a tunnel; resolves with its answer and, on 200, the open socket. */
function openTunnel(
  proxyPort: number,
  target: string,
  proxyAuthorization?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port: proxyPort,
      method: 'CONNECT',
      path: target,
      agent: false,
      headers: {
        host: target,
        ...(proxyAuthorization ? { 'proxy-authorization': proxyAuthorization } : {}),
      },
    })
    req.on('connect', (res, socket) => {
      if (res.statusCode !== 200) socket.destroy()
      resolve({ status: res.statusCode ?? 0, headers: res.headers, socket })
    })
    // Squid answers a refused CONNECT with a body: Node hands that over as a plain response.
    req.on('response', (res) => {
      res.resume()
      resolve({ status: res.statusCode ?? 0, headers: res.headers, socket: res.socket })
    })
    req.on('error', reject)
    req.end()
  })
}

/** The front's certificate, and why Node would refuse it (undefined: it would not). */
function peerCertificate(
  port: number,
  ca: string,
  servername = 'localhost',
): Promise<{ cert: PeerCertificate; error?: string }> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({
      host: '127.0.0.1',
      port,
      servername,
      ca,
      rejectUnauthorized: false,
    })
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate()
      const error = socket.authorizationError
      socket.destroy()
      resolve({
        cert,
        error: error ? String((error as NodeJS.ErrnoException).code ?? error) : undefined,
      })
    })
    socket.once('error', reject)
  })
}

describe('the bank network fixture', () => {
  const net = useBankNetwork()
  const ca = (): string => readFileSync(net.caPath, 'utf8')

  it('started everything in a few seconds at most', () => {
    console.info(`bank network start-up: ${net.startupMs} ms`)
    expect(net.startupMs).toBeLessThan(10_000)
    expect(net.key).toBeTruthy()
    expect(net.otherKey).not.toBe(net.key)
  })

  describe('TLS fronts', () => {
    it('the good front answers the bank list when the test CA is trusted', async () => {
      const answer = await fetchHttps(`${net.fronts.good.url}${BANKS}`, { ca: ca() })
      expect(answer.status).toBe(200)
      const body = JSON.parse(answer.body) as { success: boolean; data: { entity: unknown[] } }
      expect(body.success).toBe(true)
      expect(body.data.entity.length).toBeGreaterThan(0)
      expect(net.fronts.good.accessLog()).toContain(`GET ${BANKS} 200 200`)
    })

    it('the good front is refused without the test CA', async () => {
      expect(await tlsFailure(net.fronts.good.url)).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE')
    })

    it('the good certificate is issued by the test root', async () => {
      const { cert, error } = await peerCertificate(net.fronts.good.port, ca())
      expect(error).toBeUndefined()
      expect(cert.issuer.CN).toBe(TEST_CA_NAME)
      expect(cert.subjectaltname).toBe(
        `DNS:localhost, DNS:${BANK_REGISTRY_NAME}, DNS:${BANK_INTRANET_NAME}, IP Address:127.0.0.1`,
      )
    })

    it('the expired front fails with CERT_HAS_EXPIRED, expired on the date the CA reports', async () => {
      expect(await tlsFailure(net.fronts.expired.url, ca())).toBe('CERT_HAS_EXPIRED')
      const { cert, error } = await peerCertificate(net.fronts.expired.port, ca())
      expect(error).toBe('CERT_HAS_EXPIRED')
      expect(cert.valid_to).toBe(net.ca.expiredValidTo)
      expect(new Date(cert.valid_to).getTime()).toBe(net.ca.expiredNotAfter.getTime())
      const day = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } as const
      expect(new Date(cert.valid_to).toLocaleDateString('en-GB', day)).toBe(net.ca.expiredOn)
    })

    it('the wrong-name front fails with ERR_TLS_CERT_ALTNAME_INVALID', async () => {
      expect(await tlsFailure(net.fronts.wrongName.url, ca())).toBe('ERR_TLS_CERT_ALTNAME_INVALID')
      const { cert, error } = await peerCertificate(net.fronts.wrongName.port, ca())
      expect(error).toBe('ERR_TLS_CERT_ALTNAME_INVALID')
      expect(cert.subjectaltname).toBe(`DNS:${WRONG_NAME}`)
      // Its chain is sound: under its own name it passes.
      expect(
        (await peerCertificate(net.fronts.wrongName.port, ca(), WRONG_NAME)).error,
      ).toBeUndefined()
    })

    it('the self-signed front fails with DEPTH_ZERO_SELF_SIGNED_CERT, unless that cert is trusted', async () => {
      expect(await tlsFailure(net.fronts.selfSigned.url, ca())).toBe('DEPTH_ZERO_SELF_SIGNED_CERT')
      expect(await tlsFailure(net.fronts.selfSigned.url)).toBe('DEPTH_ZERO_SELF_SIGNED_CERT')
      const itself = readFileSync(net.ca.certs.selfSigned.cert, 'utf8')
      const answer = await fetchHttps(`${net.fronts.selfSigned.url}${BANKS}`, { ca: itself })
      expect(answer.status).toBe(200)
    })

    it('the fronts reach the sandbox with a Host it accepts, with the API key passed on', async () => {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const req = httpsRequest(
          `${net.fronts.good.url}/api/v1/submissions?page=1&limit=1`,
          { ca: ca(), agent: false, headers: { 'x-api-key': net.key } },
          (res) => {
            let body = ''
            res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body }),
            )
          },
        )
        req.on('error', reject)
        req.end()
      })
      // Not 421 (wrong Host) nor 401 (key lost on the way): the route itself answered.
      expect([421, 401]).not.toContain(answer.status)
      expect(answer.status).toBeLessThan(500)
    })
  })

  describe('proxies', () => {
    it('the open proxy tunnels to the good front by the name only it resolves, and logs the CONNECT once the tunnel closes', async () => {
      const target = `${BANK_REGISTRY_NAME}:${net.fronts.good.port}`
      const tunnel = await openTunnel(net.proxy.port, target)
      expect(tunnel.status).toBe(200)
      const answer = await fetchHttps(`https://${target}${BANKS}`, {
        ca: ca(),
        socket: tunnel.socket,
      })
      expect(answer.status).toBe(200)
      tunnel.socket.destroy()
      const entries = await net.proxy.waitForAccessLog((log) =>
        log.some((entry) => entry.method === 'CONNECT' && entry.target === target),
      )
      const connect = entries.find((entry) => entry.method === 'CONNECT' && entry.target === target)
      expect(connect).toMatchObject({ status: 200, result: 'TCP_TUNNEL', user: '-' })
    })

    it('the open proxy passes plain HTTP requests to the sandbox', async () => {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: net.proxy.port,
            path: `${net.sandbox.baseUrl}${BANKS}`,
            agent: false,
          },
          (res) => {
            let body = ''
            res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body }),
            )
          },
        )
        req.on('error', reject)
        req.end()
      })
      expect(answer.status).toBe(200)
      expect(String(answer.headers.via)).toMatch(/squid/)
      await net.proxy.waitForAccessLog((log) =>
        log.some(
          (entry) => entry.method === 'GET' && entry.target === `${net.sandbox.baseUrl}${BANKS}`,
        ),
      )
    })

    it('the authenticating proxy answers 407 without credentials and with a wrong password', async () => {
      const target = `localhost:${net.fronts.good.port}`
      const none = await openTunnel(net.authProxy.port, target)
      expect(none.status).toBe(407)
      expect(none.headers['proxy-authenticate']).toMatch(/^Basic realm="Casefile Test Bank Proxy"/)
      const wrong = await openTunnel(
        net.authProxy.port,
        target,
        `Basic ${Buffer.from(`${net.proxyCredentials.user}:p@ss`).toString('base64')}`,
      )
      expect(wrong.status).toBe(407)
      const entries = await net.authProxy.waitForAccessLog(
        (log) => log.filter((entry) => entry.status === 407 && entry.target === target).length >= 2,
      )
      expect(
        entries.filter((entry) => entry.status === 407).every((e) => e.result === 'TCP_DENIED'),
      ).toBe(true)
    })

    it('the authenticating proxy tunnels with the right credentials, password with @ and : included', async () => {
      expect(net.proxyCredentials.password).toMatch(/@.*:|:.*@/)
      const target = `localhost:${net.fronts.good.port}`
      const tunnel = await openTunnel(net.authProxy.port, target, net.authProxy.proxyAuthorization)
      expect(tunnel.status).toBe(200)
      const answer = await fetchHttps(`${net.fronts.good.url}${BANKS}`, {
        ca: ca(),
        socket: tunnel.socket,
      })
      expect(answer.status).toBe(200)
      tunnel.socket.destroy()
      await net.authProxy.waitForAccessLog((log) =>
        log.some(
          (entry) =>
            entry.method === 'CONNECT' &&
            entry.status === 200 &&
            entry.user === net.proxyCredentials.user,
        ),
      )
      const url = new URL(net.authProxy.urlWithCredentials ?? '')
      expect(decodeURIComponent(url.password)).toBe(net.proxyCredentials.password)
      expect(decodeURIComponent(url.username)).toBe(net.proxyCredentials.user)
    })

    it('the open proxy also tunnels to localhost', async () => {
      const tunnel = await openTunnel(net.proxy.port, `localhost:${net.fronts.good.port}`)
      expect(tunnel.status).toBe(200)
      const answer = await fetchHttps(`${net.fronts.good.url}${BANKS}`, {
        ca: ca(),
        socket: tunnel.socket,
      })
      expect(answer.status).toBe(200)
      tunnel.socket.destroy()
    })

    it('neither proxy reaches beyond loopback, nor looks up a name it does not know', async () => {
      for (const proxy of [net.proxy, net.authProxy]) {
        for (const target of ['192.0.2.1:443', 'unknown.bank.test:443']) {
          const started = Date.now()
          const refused = await openTunnel(proxy.port, target, proxy.proxyAuthorization)
          expect(refused.status).toBe(403)
          // Refused by its name alone: squid never waited on a resolver.
          expect(Date.now() - started).toBeLessThan(1_000)
        }
      }
    })

    it('the closed port refuses connections', async () => {
      const code = await new Promise<string | undefined>((resolve) => {
        const socket = netConnect({ host: '127.0.0.1', port: net.closedPort })
        socket.once('connect', () => {
          socket.destroy()
          resolve('connected')
        })
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code))
      })
      expect(code).toBe('ECONNREFUSED')
    })
  })
})

describe('a TLS front before an upstream of the test’s own', () => {
  const received: { bytes: number; host?: string }[] = []
  const upstream = createServer((req, res) => {
    let bytes = 0
    req.on('data', (chunk: Buffer) => (bytes += chunk.length))
    req.on('end', () => {
      received.push({ bytes, host: req.headers.host })
      res.writeHead(200, { date: 'Mon, 01 Jan 2001 00:00:00 GMT', 'content-type': 'text/plain' })
      res.end(String(bytes))
    })
  })
  let front: TlsFront | undefined
  let made: TestCa | undefined
  let ca = ''

  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const { port } = upstream.address() as AddressInfo
    made = await testCa()
    ca = readFileSync(made.caCert, 'utf8')
    front = await startTlsFront({ ...made.certs.good, upstream: `http://127.0.0.1:${port}` })
  })
  afterAll(async () => {
    await front?.stop()
    // Vitest ends its workers without running 'exit' hooks: whoever asked for the CA removes it.
    made?.remove()
    await new Promise((resolve) => upstream.close(resolve))
  })

  it('keeps the upstream’s Date and sends the upstream’s own Host', async () => {
    const answer = await fetchHttps(`${front?.url}/`, { ca })
    expect(answer.headers.date).toBe('Mon, 01 Jan 2001 00:00:00 GMT')
    const { port } = upstream.address() as AddressInfo
    expect(received.at(-1)?.host).toBe(`127.0.0.1:${port}`)
  })

  it(`passes a ${TLS_FRONT_MAX_BODY_MB} MB body and refuses a larger one with 413`, async () => {
    const limit = TLS_FRONT_MAX_BODY_MB * 1024 * 1024
    const url = `${front?.url}/upload`
    const big = await fetchHttps(url, { ca, method: 'POST', body: Buffer.alloc(limit, 1) })
    expect(big.status).toBe(200)
    expect(big.body).toBe(String(limit))
    const over = await fetchHttps(url, { ca, method: 'POST', body: Buffer.alloc(limit + 1, 1) })
    expect(over.status).toBe(413)
  })

  it('stop() ends nginx and its worker', async () => {
    if (!front) throw new Error('The front did not start.')
    const workers = childrenOf(front.pid)
    expect(workers.length).toBeGreaterThan(0)
    await front.stop()
    for (const pid of [front.pid, ...workers]) expect(runs(pid)).toBe(false)
    front = undefined
  })
})

/** The children of `pid`, read from /proc (the CI runs Linux). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
}

/** Whether the process still runs (a zombie waiting for init to reap it does not). */
function runs(pid: number): boolean {
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

describe('stopping squid', () => {
  it('leaves no squid, authentication helper or temp folder behind', async () => {
    const squid = await startSquid({ auth: { user: 'u', password: 'p@ss:word' } })
    const tunnel = await openTunnel(squid.port, 'localhost:1', squid.proxyAuthorization)
    tunnel.socket.destroy()
    const helpers = childrenOf(squid.pid)
    expect(helpers.length).toBeGreaterThan(0)
    const folder = readFileSync(`/proc/${squid.pid}/cmdline`, 'utf8').split('\0').at(-2) ?? ''
    expect(folder).toMatch(/squid\.conf$/)
    await squid.stop()
    for (const pid of [squid.pid, ...helpers]) expect(runs(pid)).toBe(false)
    expect(existsSync(folder)).toBe(false)
  })
})

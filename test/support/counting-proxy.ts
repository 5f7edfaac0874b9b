import { createServer, request, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/**
 * A proxy in front of the sandbox registry that counts the searches it passes, by value, with
 * when each started and ended, and can play the registry gone (`down()`: connections refused)
 * and back (`up()`, on the same port). For the screening tests and bench: "no identifier
 * searched twice" and "nothing sent inside a Retry-After" are counted where the requests go.
 */
export interface CountingProxy {
  baseUrl: string
  uploadUrl: string
  /** Every search body's value, in the order they arrived. */
  searches: { value: string; startedAt: number; endedAt: number | null; status: number | null }[]
  /** Every request passed: method and path, with when it started. */
  requests: { method: string; path: string; startedAt: number }[]
  countsByValue(): Map<string, number>
  down(): Promise<void>
  up(): Promise<void>
  stop(): Promise<void>
}

export async function startCountingProxy(target: { baseUrl: string }): Promise<CountingProxy> {
  const upstream = new URL(target.baseUrl)
  const searches: CountingProxy['searches'] = []
  const requests: CountingProxy['requests'] = []
  const sockets = new Set<Socket>()
  let server: Server
  let port = 0
  const listen = async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        requests.push({ method: req.method ?? '', path: req.url ?? '', startedAt: Date.now() })
        let entry: CountingProxy['searches'][number] | null = null
        if (req.url?.endsWith('/reports/search')) {
          let value = ''
          try {
            value = String((JSON.parse(body.toString('utf8')) as { value?: unknown }).value ?? '')
          } catch {
            value = ''
          }
          entry = { value, startedAt: Date.now(), endedAt: null, status: null }
          searches.push(entry)
        }
        const forward = request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: upstream.host },
          },
          (answer) => {
            if (entry) {
              entry.endedAt = Date.now()
              entry.status = answer.statusCode ?? null
            }
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
          },
        )
        forward.on('error', () => res.destroy())
        forward.end(body)
      })
    })
    server.keepAliveTimeout = 1000
    server.on('connection', (socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  }
  const close = async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  await listen()
  const baseUrl = `http://127.0.0.1:${port}`
  return {
    baseUrl,
    uploadUrl: `${baseUrl}/upload-service`,
    searches,
    requests,
    countsByValue() {
      const counts = new Map<string, number>()
      for (const search of searches) counts.set(search.value, (counts.get(search.value) ?? 0) + 1)
      return counts
    },
    down: close,
    up: listen,
    stop: close,
  }
}

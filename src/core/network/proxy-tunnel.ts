import net from 'node:net'
import type { ProxyChoice } from './proxy-choice'
import { NetworkRefusalError } from './network-failure'

type HttpProxy = Extract<ProxyChoice, { kind: 'proxy' }>

/** A proxy's answer to CONNECT is a status line and headers: more than this is not an answer. */
const MAX_CONNECT_HEAD = 16 * 1024

function hostForRequest(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/**
 * Opens a CONNECT tunnel to `host:port` through an HTTP proxy and resolves with the socket once
 * the proxy says 200: TLS to the registry then runs inside it, end to end, so the proxy never
 * sees the key or a report. Any other answer is the proxy's, never mistaken for the registry's:
 * 407 asks for credentials, anything else is a refusal; a proxy that cannot be reached is named.
 */
export function openTunnel(
  proxy: HttpProxy,
  target: { host: string; port: number },
  timeoutMs: number,
): Promise<net.Socket> {
  const ref = { host: proxy.host, port: proxy.port }
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: proxy.host, port: proxy.port })
    let connected = false
    let head = Buffer.alloc(0)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(
        new NetworkRefusalError({
          type: 'proxy_unreachable',
          proxy: ref,
          code: connected ? 'no answer to CONNECT in time' : 'ETIMEDOUT',
        }),
      )
    }, timeoutMs)
    const finish = (error: Error | null, value?: net.Socket) => {
      clearTimeout(timer)
      socket.off('data', onData)
      socket.off('error', onError)
      socket.off('end', onEnd)
      if (error) {
        socket.destroy()
        reject(error)
      } else resolve(value as net.Socket)
    }
    const onError = (error: NodeJS.ErrnoException) =>
      finish(
        new NetworkRefusalError({
          type: 'proxy_unreachable',
          proxy: ref,
          code: error.code ?? error.message,
        }),
      )
    const onEnd = () =>
      finish(
        new NetworkRefusalError({
          type: 'proxy_unreachable',
          proxy: ref,
          code: 'closed the connection before answering',
        }),
      )
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      if (end === -1) {
        if (head.length > MAX_CONNECT_HEAD) onEnd()
        return
      }
      const lines = head.subarray(0, end).toString('latin1').split('\r\n')
      const status = /^HTTP\/\d(?:\.\d)?\s+(\d{3})\s*(.*)$/.exec(lines[0] ?? '')
      if (!status)
        return finish(
          new NetworkRefusalError({
            type: 'proxy_refused',
            proxy: ref,
            status: 0,
            statusText: 'not an HTTP answer',
          }),
        )
      const code = Number(status[1])
      if (code === 200) {
        const rest = head.subarray(end + 4)
        if (rest.length > 0) socket.unshift(rest)
        return finish(null, socket)
      }
      if (code === 407) {
        const schemes = lines
          .slice(1)
          .filter((line) => /^proxy-authenticate:/i.test(line))
          .map((line) => line.replace(/^proxy-authenticate:\s*/i, '').split(/\s/)[0] ?? '')
          .filter(Boolean)
        return finish(
          new NetworkRefusalError({
            type: 'proxy_auth',
            proxy: ref,
            hadCredentials: proxy.credentials !== undefined,
            schemes,
          }),
        )
      }
      finish(
        new NetworkRefusalError({
          type: 'proxy_refused',
          proxy: ref,
          status: code,
          statusText: (status[2] ?? '').slice(0, 80),
        }),
      )
    }
    socket.on('error', onError)
    socket.on('end', onEnd)
    socket.on('data', onData)
    socket.once('connect', () => {
      connected = true
      const authority = `${hostForRequest(target.host)}:${target.port}`
      const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`]
      if (proxy.credentials) {
        const { username, password } = proxy.credentials
        lines.push(
          `Proxy-Authorization: Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`,
        )
      }
      socket.write(`${lines.join('\r\n')}\r\n\r\n`)
    })
  })
}

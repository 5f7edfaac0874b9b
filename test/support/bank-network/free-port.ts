import { readFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import { DaemonStartError } from './daemon'

/**
 * A port on 127.0.0.1 that was free a moment ago. nginx and squid take a port number, not a
 * listening socket, so there is a short window in which another process can take it: start
 * them through `onFreePort`, which tries again when that happens.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('The probe socket has no port.'))
      })
    })
  })
}

/**
 * A port on 127.0.0.1 where nothing listens, for "the proxy cannot be reached" tests: a
 * connection to it is refused at once (ECONNREFUSED) rather than timing out. Checked before
 * it is returned; nothing keeps it closed afterwards, but the kernel hands out ephemeral ports
 * in turn, so it stays unused for far longer than a test.
 */
export async function closedPort(): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort()
    if (!(await accepts(port))) return port
  }
  throw new Error('Could not find a closed port on 127.0.0.1.')
}

/** Whether something accepts TCP connections on 127.0.0.1:`port` right now. */
export function accepts(port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    const done = (result: boolean): void => {
      socket.destroy()
      resolve(result)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

/**
 * Whether a socket listens on 127.0.0.1:`port` (or on every address), read from the kernel's
 * table rather than by connecting: a probe connection would show in a proxy's access log.
 * Linux only, like the daemons these tests start.
 */
export function listensOn(port: number): boolean {
  const hex = port.toString(16).toUpperCase().padStart(4, '0')
  const LISTEN = '0A'
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local = '', , state] = line.trim().split(/\s+/)
      if (state === LISTEN && local.endsWith(`:${hex}`)) return true
    }
  }
  return false
}

/** Runs `start` on a free port, choosing another when the daemon found it taken. */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    try {
      return await start(port)
    } catch (error) {
      if (!(error instanceof DaemonStartError && error.portTaken) || attempt >= attempts)
        throw error
    }
  }
}

import type { FastifyInstance } from 'fastify'
import { networkInterfaces } from 'node:os'
import { SandboxError, sendFailure } from './envelope'

/** The sandbox's address once it listens: where it says it is, and the names it answers to. */
export interface SandboxAddress {
  /** {base_url}, e.g. http://127.0.0.1:41234; the upload URLs it hands out are built from it. */
  baseUrl: string
  /** Every `host:port` a request's Host header may carry (lower case). */
  hostNames: ReadonlySet<string>
}

const WILDCARDS = new Set(['', '0.0.0.0', '::'])

/** An address as it appears in a Host header: IPv6 in brackets. */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

/**
 * The names the sandbox answers to: its loopback names on its port, the address it was told
 * to listen on, and (listening on every interface, to be reached over the network) this
 * machine's own interface addresses. Any other Host is a browser led there by DNS rebinding,
 * or a request meant for someone else: it is refused before it reaches a route.
 */
export function sandboxHostNames(
  host: string,
  port: number,
  interfaces: () => string[] = interfaceAddresses,
): Set<string> {
  const names = ['127.0.0.1', 'localhost', '[::1]']
  if (WILDCARDS.has(host)) names.push(...interfaces().map(hostForUrl))
  else names.push(hostForUrl(host))
  return new Set(names.map((name) => `${name.toLowerCase()}:${port}`))
}

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((entry) => entry.address.replace(/%.*$/, ''))
}

/**
 * Refuses (421 Misdirected Request) every request whose Host header is not one of the
 * sandbox's own names; runs first, before faults, the API key and any body is read.
 */
export function registerHostCheck(
  app: FastifyInstance,
  address: () => SandboxAddress | null,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const known = address()
    const host = request.headers.host?.toLowerCase()
    if (known && host !== undefined && known.hostNames.has(host)) return
    return sendFailure(
      reply,
      new SandboxError(
        421,
        `This sandbox registry answers only to its own address (${known?.baseUrl ?? 'not listening yet'}); the request named ${host === undefined ? 'no host' : JSON.stringify(host.slice(0, 100))}. Use the address the sandbox printed at start-up.`,
      ),
    )
  })
}

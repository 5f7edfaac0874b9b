import dns from 'node:dns'
import http from 'node:http'
import { isIP, type LookupFunction } from 'node:net'
import type { Duplex } from 'node:stream'
import {
  isRegistryEndpoint,
  linkDestinationProblem,
  unresolvedLinkWords,
  type Endpoint,
} from './link-destination'

/** An attachment link that leads inside this computer or its network: refused before connecting. */
export class LinkDestinationError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LinkDestinationError'
  }
}

/** How an attachment link's connections are checked (link-destination.ts), and names resolved. */
export interface LinkRule {
  /** The registry's own endpoints (base and upload address), which may be anywhere. */
  registry: readonly Endpoint[]
  /** Resolves names: the system's resolver by default; tests give a hosts-style one. */
  lookup?: LookupFunction
}

const systemLookup: LookupFunction = (hostname, options, callback) =>
  dns.lookup(hostname, options, callback)

/**
 * A `lookup` for the socket: the name resolved as the socket asked (one address or all, which
 * it then tries in turn), and refused when any address it could connect to is inside. The check
 * is on the very answer the socket connects with, so a name cannot change between check and use.
 */
function guardedLookup(target: Endpoint, rule: LinkRule): LookupFunction {
  const lookup = rule.lookup ?? systemLookup
  return (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family)
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address]
      const problem = linkDestinationProblem(target, addresses, rule.registry)
      if (problem) return callback(new LinkDestinationError(problem), [], family)
      callback(null, address, family)
    })
}

/** Every address the name resolves to here (none when it does not resolve). */
function resolveAll(host: string, lookup: LookupFunction): Promise<string[]> {
  return new Promise((resolve) =>
    lookup(host, { all: true }, (error, address) =>
      resolve(
        error ? [] : Array.isArray(address) ? address.map((a) => a.address) : [address as string],
      ),
    ),
  )
}

/**
 * Checks a link's connection before it is made, and gives the `lookup` the socket must use.
 * The registry's own host and port pass. An address written in the link is checked as it is (a
 * socket does not look one up). Through a proxy, the proxy resolves the name, so it is resolved
 * here first and refused when any answer is inside, or when it does not resolve here at all
 * (nothing here can then say where the proxy would take it). Direct, the socket's own lookup
 * is checked. Throws LinkDestinationError with words.
 */
export async function checkLinkConnection(
  target: Endpoint,
  proxied: boolean,
  rule: LinkRule,
): Promise<{ lookup?: LookupFunction }> {
  if (isRegistryEndpoint(rule.registry, target)) return rule.lookup ? { lookup: rule.lookup } : {}
  const refuse = (addresses: string[]) => {
    const problem = linkDestinationProblem(target, addresses, rule.registry)
    if (problem) throw new LinkDestinationError(problem)
  }
  if (isIP(target.host)) {
    refuse([target.host])
    return {}
  }
  if (proxied) {
    const addresses = await resolveAll(target.host, rule.lookup ?? systemLookup)
    if (addresses.length === 0) throw new LinkDestinationError(unresolvedLinkWords(target))
    refuse(addresses)
    return {}
  }
  return { lookup: guardedLookup(target, rule) }
}

type ConnectionOptions = http.ClientRequestArgs & { lookup?: LookupFunction }

/**
 * The agent for a link's plain-http connections (http only ever to this computer, by the one
 * address rule, and never through a proxy): each checked by checkLinkConnection first.
 */
export class LinkHttpAgent extends http.Agent {
  constructor(private readonly rule: LinkRule) {
    super({ keepAlive: true })
  }

  override createConnection(
    options: ConnectionOptions,
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | undefined {
    const host = String(options.hostname ?? options.host ?? 'localhost').replace(/^\[|\]$/g, '')
    const target = { host, port: Number(options.port ?? 80) }
    checkLinkConnection(target, false, this.rule).then(
      ({ lookup }) => {
        const socket = super.createConnection(lookup ? { ...options, lookup } : options, () => {})
        callback?.(null, socket as Duplex)
      },
      (error: Error) => callback?.(error, undefined as unknown as Duplex),
    )
    return undefined
  }
}

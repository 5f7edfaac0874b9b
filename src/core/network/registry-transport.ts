import type { LookupFunction } from 'node:net'
import { loadTrustStores, type TrustStores } from './certificate-trust'
import { proxyFromEnvironment } from './environment-proxy'
import type { Endpoint } from './link-destination'
import { LinkHttpAgent } from './link-guard'
import type { ProxyResolver } from './proxy-choice'
import { RegistryAgent, type ConnectionSeen } from './registry-agent'

/** How Casefile reaches the registry from this computer: the proxy and the certificates. */
export interface NetworkSettings {
  /**
   * Finds the proxy for a URL. The app asks the computer's settings (main's
   * session.resolveProxy: manual, PAC, WPAD); the CLI reads the environment, as curl does
   * (the default).
   */
  resolveProxy?: ProxyResolver
  /** An organization's extra CA certificates (PEM), from Settings or `--ca-file`. */
  extraCaPems?: string[]
  connectTimeoutMs?: number
  onConnection?: (seen: ConnectionSeen) => void
  /**
   * How an attachment link's host is resolved before it is checked (link-guard.ts): the
   * system's resolver by default; tests give a hosts-style one. Registry calls do not use it.
   */
  lookup?: LookupFunction
}

/** The environment's proxy for a URL (HTTPS_PROXY, NO_PROXY…), read at each connection. */
export function environmentProxyResolver(
  env: Record<string, string | undefined> = process.env,
): ProxyResolver {
  return async (url) => proxyFromEnvironment(url, env)
}

export function createRegistryAgent(settings: NetworkSettings = {}): RegistryAgent {
  let stores: TrustStores | null = null
  return new RegistryAgent({
    resolveProxy: settings.resolveProxy ?? environmentProxyResolver(),
    trust: () => (stores ??= loadTrustStores({ extraCaPems: settings.extraCaPems })),
    connectTimeoutMs: settings.connectTimeoutMs,
    onConnection: settings.onConnection,
  })
}

/**
 * The agents an attachment link is fetched through: the same proxy and certificates as every
 * call, and every connection checked to lead to the registry's own host and port or outside
 * this computer and its network (link-destination.ts). Agents of their own, so a registry call
 * never goes through the check and a link never shares its pool.
 */
export function createLinkAgents(settings: NetworkSettings, registry: readonly Endpoint[]) {
  let stores: TrustStores | null = null
  const linkRule = { registry, lookup: settings.lookup }
  return {
    httpsAgent: new RegistryAgent({
      resolveProxy: settings.resolveProxy ?? environmentProxyResolver(),
      trust: () => (stores ??= loadTrustStores({ extraCaPems: settings.extraCaPems })),
      connectTimeoutMs: settings.connectTimeoutMs,
      linkRule,
    }),
    httpAgent: new LinkHttpAgent(linkRule),
  }
}

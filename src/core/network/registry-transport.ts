import { loadTrustStores, type TrustStores } from './certificate-trust'
import { proxyFromEnvironment } from './environment-proxy'
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

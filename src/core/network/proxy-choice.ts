import { proxyAddress } from '../../shared/network-refusal'

/**
 * How one request reaches the registry: straight, or through an HTTP proxy (a CONNECT tunnel for
 * https). `via` says how that was chosen, for the doctor and for messages a person reads:
 * - `os`: the computer's proxy settings (manual, PAC or WPAD), as the app's Chromium reads them;
 * - `environment`: HTTPS_PROXY / HTTP_PROXY / ALL_PROXY / NO_PROXY, as the CLI reads them;
 * - `loopback`: a registry on this computer, which is never sent through a proxy;
 * - `none`: no proxy is configured.
 */
export type ProxySource = 'os' | 'environment' | 'loopback' | 'none'

export interface ProxyCredentials {
  username: string
  password: string
}

export type ProxyChoice =
  | { kind: 'direct'; via: ProxySource; note?: string }
  | {
      kind: 'proxy'
      via: ProxySource
      host: string
      port: number
      /** Basic credentials for the proxy (decoded), when it asks for them. Never shown. */
      credentials?: ProxyCredentials
    }

/** Finds the proxy for a URL: asked before every new connection, so a changed setting takes effect. */
export type ProxyResolver = (url: string) => Promise<ProxyChoice>

/** `host:port` of a proxy (shared: the window's words of a refusal name it too). */
export { proxyAddress }

const SOURCE_WORDS: Record<ProxySource, string> = {
  os: "this computer's proxy settings",
  environment: 'the HTTPS_PROXY / HTTP_PROXY / ALL_PROXY environment variables',
  loopback: 'none',
  none: 'none',
}

const DIRECT_WORDS: Record<ProxySource, string> = {
  os: "Direct connection, as this computer's proxy settings say",
  environment: 'Direct connection',
  loopback: 'Direct connection: a registry on this computer is never sent through a proxy',
  none: 'Direct connection: no proxy is set',
}

/** The proxy in words, for the doctor and the window: "proxy.bank.local:8080 (from …)". */
export function describeProxyChoice(choice: ProxyChoice): string {
  if (choice.kind === 'direct')
    return `${DIRECT_WORDS[choice.via]}${choice.note ? ` (${choice.note})` : ''}.`
  return `Through the proxy ${proxyAddress(choice)} (from ${SOURCE_WORDS[choice.via]}${choice.credentials ? ', with a user name and password' : ''}).`
}

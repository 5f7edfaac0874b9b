import { isLoopbackHostname } from '../../shared/registry-address'
import {
  type ProxyChoice,
  type ProxyCredentials,
  ProxySettingError,
} from '../../core/network/network'

/**
 * The proxy for a URL from the computer's settings, as Chromium's `session.resolveProxy` gives
 * it: a PAC-style list (`PROXY proxy.bank.local:8080; DIRECT`), whatever set it (manual
 * settings, a PAC file, WPAD). Casefile takes the first entry it can use: `DIRECT` or an HTTP
 * `PROXY`. Chromium would fall back to the next entry when one fails; Casefile does not, and
 * names the proxy that failed instead. SOCKS and HTTPS proxies alone are refused with words.
 */
export function proxyFromPacResult(
  url: string,
  pac: string,
  credentialsFor: (address: { host: string; port: number }) => ProxyCredentials | undefined = () =>
    undefined,
): ProxyChoice {
  if (isLoopbackHostname(new URL(url).hostname)) return { kind: 'direct', via: 'loopback' }
  const entries = pac
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
  if (entries.length === 0) return { kind: 'direct', via: 'none' }
  const unusable: string[] = []
  for (const entry of entries) {
    const [type = '', address = ''] = entry.split(/\s+/)
    const upper = type.toUpperCase()
    if (upper === 'DIRECT') return { kind: 'direct', via: 'os' }
    if (upper === 'PROXY') {
      const parsed = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(address)
      if (!parsed) {
        unusable.push(entry)
        continue
      }
      const host = parsed[1] ?? ''
      const port = Number(parsed[2])
      return { kind: 'proxy', via: 'os', host, port, credentials: credentialsFor({ host, port }) }
    }
    unusable.push(entry)
  }
  throw new ProxySettingError(
    `This computer's proxy settings name only proxies Casefile cannot use (${unusable.join('; ')}): Casefile talks to HTTP proxies. Ask IT for the organization's HTTP proxy.`,
  )
}

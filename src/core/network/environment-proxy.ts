import { isIP } from 'node:net'
import { isLoopbackHostname } from '../../shared/registry-address'
import type { ProxyChoice } from './proxy-choice'
import { ProxySettingError } from './network-failure'

type Env = Record<string, string | undefined>

/** curl's default port for a proxy address written without one. */
const CURL_DEFAULT_PROXY_PORT = 1080

/** The first of these variables that is set, lower case before upper, as curl reads them. */
function firstSet(env: Env, names: string[]): { name: string; value: string } | null {
  for (const name of names) {
    const value = env[name]?.trim()
    if (value) return { name, value }
  }
  return null
}

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0)
}

/** Whether `host` (a URL's hostname, brackets removed) is in one NO_PROXY entry. */
function inNoProxyEntry(host: string, port: number, entry: string): boolean {
  let pattern = entry.trim().toLowerCase()
  if (!pattern) return false
  if (pattern === '*') return true
  let entryPort: number | undefined
  const portMatch = /^(.*[^:]):(\d+)$/.exec(pattern)
  if (portMatch && !pattern.startsWith('[') && (portMatch[1] ?? '').indexOf(':') === -1) {
    pattern = portMatch[1] ?? pattern
    entryPort = Number(portMatch[2])
  }
  const bracketed = /^\[(.*)\](?::(\d+))?$/.exec(pattern)
  if (bracketed) {
    pattern = bracketed[1] ?? ''
    if (bracketed[2]) entryPort = Number(bracketed[2])
  }
  if (entryPort !== undefined && entryPort !== port) return false
  const cidr = /^([\d.]+)\/(\d{1,2})$/.exec(pattern)
  if (cidr && isIP(cidr[1] ?? '') === 4 && isIP(host) === 4) {
    const bits = Number(cidr[2])
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0
    return (ipv4ToNumber(host) & mask) >>> 0 === (ipv4ToNumber(cidr[1] ?? '') & mask) >>> 0
  }
  pattern = pattern.replace(/^\*?\./, '')
  return host === pattern || host.endsWith(`.${pattern}`)
}

/**
 * The proxy for a URL from the environment, as curl chooses it: `https_proxy`/`HTTPS_PROXY` for
 * https (`http_proxy`/`HTTP_PROXY` for http), else `all_proxy`/`ALL_PROXY`; `no_proxy`/`NO_PROXY`
 * (names, `.domain` suffixes, `host:port`, IPv4 CIDR, `*`) keeps a host out. A user name and
 * password in the address are percent-decoded (`p%40ss` is `p@ss`). A registry on this computer
 * never goes through a proxy, whatever the variables say: the "http only on this computer" rule
 * assumes its bytes stay on it.
 */
export function proxyFromEnvironment(target: string, env: Env): ProxyChoice {
  const url = new URL(target)
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (isLoopbackHostname(url.hostname) || host === '::1') return { kind: 'direct', via: 'loopback' }
  const https = url.protocol === 'https:'
  const port = Number(url.port || (https ? 443 : 80))
  const found = firstSet(
    env,
    https
      ? ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY']
      : ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'],
  )
  if (!found) return { kind: 'direct', via: 'none' }
  const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY'])
  if (noProxy && noProxy.value.split(/[\s,]+/).some((entry) => inNoProxyEntry(host, port, entry)))
    return { kind: 'direct', via: 'environment', note: `${noProxy.name} leaves ${host} out` }
  return parseProxyAddress(found.value, found.name)
}

/** `http://user:p%40ss@proxy:3128`, or `proxy:3128` (curl takes a bare address as http). */
export function parseProxyAddress(value: string, source: string): ProxyChoice {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new ProxySettingError(
      `${source} is not a proxy address Casefile can read. Write it as http://host:port (with user:password@ before the host if the proxy asks for one).`,
    )
  }
  if (url.protocol !== 'http:')
    throw new ProxySettingError(
      `${source} names a ${url.protocol.replace(':', '')} proxy; Casefile talks to http:// proxies only (https to the registry goes through them in a tunnel). Ask IT for the organization's http proxy address.`,
    )
  let credentials
  if (url.username || url.password) {
    try {
      credentials = {
        username: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
      }
    } catch {
      throw new ProxySettingError(
        `The user name or password in ${source} has a % that does not start an escape: write @ as %40, : as %3A and % as %25.`,
      )
    }
  }
  return {
    kind: 'proxy',
    via: 'environment',
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || CURL_DEFAULT_PROXY_PORT),
    credentials,
  }
}

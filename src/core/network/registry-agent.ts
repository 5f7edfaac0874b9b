import { X509Certificate } from 'node:crypto'
import https from 'node:https'
import { isIP, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import tls from 'node:tls'
import { certificateFacts, secureContextOf, type TrustStores } from './certificate-trust'
import {
  certificateProblemOf,
  NetworkRefusalError,
  ProxySettingError,
  type CertificateFacts,
} from './network-failure'
import type { ProxyChoice, ProxyResolver } from './proxy-choice'
import { openTunnel } from './proxy-tunnel'
import { checkLinkConnection, type LinkRule } from './link-guard'

export interface ConnectionSeen {
  host: string
  port: number
  proxy: ProxyChoice
  /** The chain the registry showed, leaf first (DER). */
  chain: X509Certificate[]
}

export interface RegistryAgentOptions {
  resolveProxy: ProxyResolver
  /** The certificates to trust, read when the first connection is made. */
  trust: () => TrustStores
  /** Time to reach the registry (or the proxy) and finish the TLS handshake. */
  connectTimeoutMs?: number
  /** Told of every connection made: the doctor reads the proxy and the chain from it. */
  onConnection?: (seen: ConnectionSeen) => void
  /**
   * Set for an attachment link's connections only (link-guard.ts): each is checked to lead to
   * the registry's own host and port or outside this computer and its network.
   */
  linkRule?: LinkRule
}

/**
 * The SHA-256 (hex) of the leaf certificate a verified connection showed, kept on its socket:
 * a case keeps it with the answer that came on it (registry/answer-seen.ts). Node's own reading
 * of the peer's certificate is gone once a kept-alive socket has been handed back to the pool.
 */
export const SHOWN_CERTIFICATE = Symbol('casefile.shownCertificate')

/** Set on every error of the connection phase: the request had not been written yet. */
export const BEFORE_SEND = Symbol('casefile.beforeSend')

export function failedBeforeSend(error: unknown): boolean {
  return typeof error === 'object' && error !== null && BEFORE_SEND in error
}

function markBeforeSend(error: unknown): Error {
  const err = error instanceof Error ? error : new Error(String(error))
  Object.defineProperty(err, BEFORE_SEND, { value: true })
  return err
}

function peerChain(socket: tls.TLSSocket): X509Certificate[] {
  const chain: X509Certificate[] = []
  let cert = socket.getPeerCertificate(true) as tls.DetailedPeerCertificate | undefined
  const seen = new Set<string>()
  while (cert?.raw && !seen.has(cert.fingerprint256)) {
    seen.add(cert.fingerprint256)
    try {
      chain.push(new X509Certificate(cert.raw))
    } catch {
      break
    }
    cert = cert.issuerCertificate
  }
  return chain
}

/**
 * The TLS connection to the registry, straight or through a CONNECT tunnel, checked before the
 * socket is handed to HTTP: the chain must lead to a trusted certificate and name the host. The
 * check is made here, in one place, rather than by Node inside the handshake, only so that a
 * refusal can say which certificate was refused (Node's own refusal carries none of it); no
 * request byte can be written before it passes, and there is no setting that skips it.
 */
export async function connectToRegistry(
  host: string,
  port: number,
  options: RegistryAgentOptions,
): Promise<tls.TLSSocket> {
  const timeoutMs = options.connectTimeoutMs ?? 15_000
  let proxy: ProxyChoice
  try {
    proxy = await options.resolveProxy(
      `https://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    )
  } catch (error) {
    if (error instanceof ProxySettingError)
      throw new NetworkRefusalError({ type: 'proxy_setting', message: error.message })
    throw error
  }
  const link = options.linkRule
    ? await checkLinkConnection({ host, port }, proxy.kind === 'proxy', options.linkRule)
    : {}
  const tunnel: Socket | undefined =
    proxy.kind === 'proxy' ? await openTunnel(proxy, { host, port }, timeoutMs) : undefined
  const proxyRef = proxy.kind === 'proxy' ? { host: proxy.host, port: proxy.port } : undefined
  const stores = options.trust()
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      socket: tunnel,
      host,
      port,
      ...(link.lookup && !tunnel ? { lookup: link.lookup } : {}),
      servername: isIP(host) ? undefined : host,
      secureContext: secureContextOf(stores),
      ALPNProtocols: ['http/1.1'],
      // Checked below before the socket is used, with the same rules (see above).
      rejectUnauthorized: false,
    })
    const timer = setTimeout(() => {
      socket.destroy()
      reject(Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' }))
    }, timeoutMs)
    const fail = (error: Error) => {
      clearTimeout(timer)
      socket.destroy()
      reject(error)
    }
    socket.once('error', fail)
    socket.once('secureConnect', () => {
      clearTimeout(timer)
      socket.off('error', fail)
      const chain = peerChain(socket)
      const leaf = chain[0]
      const facts: CertificateFacts | undefined = leaf ? certificateFacts(leaf) : undefined
      const refuse = (code: string) =>
        fail(
          new NetworkRefusalError({
            type: 'certificate',
            problem: certificateProblemOf(code),
            code,
            host,
            certificate: facts,
            proxy: proxyRef,
          }),
        )
      if (!socket.authorized) {
        const why = socket.authorizationError as unknown
        return refuse(
          typeof why === 'string'
            ? why
            : ((why as { code?: string } | null)?.code ?? String(why ?? 'UNTRUSTED')),
        )
      }
      const peer = socket.getPeerCertificate()
      const identity = tls.checkServerIdentity(host, peer)
      if (identity) return refuse('ERR_TLS_CERT_ALTNAME_INVALID')
      options.onConnection?.({ host, port, proxy, chain })
      if (leaf)
        Object.defineProperty(socket, SHOWN_CERTIFICATE, {
          value: leaf.fingerprint256.replace(/:/g, '').toLowerCase(),
        })
      resolve(socket)
    })
  })
}

/**
 * An https.Agent whose every connection goes through connectToRegistry: the proxy chosen for
 * that URL at that moment (so a changed setting or PAC answer takes effect on the next
 * connection), and the trust stores above. Kept-alive connections are reused as usual.
 */
export class RegistryAgent extends https.Agent {
  constructor(private readonly agentOptions: RegistryAgentOptions) {
    // 48: the outbox's two lanes send up to 16 each (sync/lane-pace.ts), and 16 are left for
    // searches, the investigator's own among them, which must not wait for a free socket.
    super({ keepAlive: true, maxSockets: 48, timeout: 60_000 })
  }

  override createConnection(
    options: { host?: string | null; hostname?: string | null; port?: number | string | null },
    callback?: (error: Error | null, socket: Duplex) => void,
  ): Duplex | undefined {
    const host = (options.hostname ?? options.host ?? 'localhost').replace(/^\[|\]$/g, '')
    const port = Number(options.port ?? 443)
    connectToRegistry(host, port, this.agentOptions).then(
      (socket) => callback?.(null, socket),
      (error: unknown) => callback?.(markBeforeSend(error), undefined as unknown as Duplex),
    )
    return undefined
  }
}

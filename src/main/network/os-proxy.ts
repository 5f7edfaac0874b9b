import {
  ProxySettingError,
  proxyAddress,
  type ProxyCredentials,
  type ProxyResolver,
} from '../../core/network/network'
import { proxyFromPacResult } from './pac-result'

/** Chromium's `session.resolveProxy(url)`: "PROXY host:port; DIRECT", from whatever the OS says. */
export type ChromiumResolveProxy = (url: string) => Promise<string>

/** The credentials kept for a proxy (`host:port`), or null: read from the keychain each time. */
export type ProxyCredentialsFor = (address: string) => Promise<ProxyCredentials | null>

/**
 * The computer's proxy for a URL, as the app's core uses it (docs/architecture.md "On a bank's
 * network"): Chromium reads the OS settings (manual, PAC, WPAD) and follows their changes, so it
 * is asked again before every new connection; Casefile takes the first usable entry of its
 * answer and adds the user name and password the keychain holds for that proxy. No Electron
 * here: main passes `session.defaultSession.resolveProxy`, the tests a fake.
 */
export function osProxyResolver(
  resolveProxy: ChromiumResolveProxy,
  credentialsFor: ProxyCredentialsFor = async () => null,
): ProxyResolver {
  return async (url) => {
    let pac: string
    try {
      pac = await resolveProxy(url)
    } catch (error) {
      throw new ProxySettingError(
        `This computer's proxy settings could not be read (${error instanceof Error ? error.message : String(error)}). Check them, or ask IT whether the proxy's configuration script can be reached.`,
      )
    }
    // Throws ProxySettingError, in words, when only proxies Casefile cannot use are named.
    const choice = proxyFromPacResult(url, pac)
    if (choice.kind !== 'proxy') return choice
    const credentials = await credentialsFor(proxyAddress(choice)).catch(() => null)
    return credentials ? { ...choice, credentials } : choice
  }
}

/** What Chromium says of an authentication challenge (Electron's AuthInfo). */
export interface LoginChallenge {
  isProxy: boolean
  scheme: string
  host: string
  port: number
}

/**
 * How to answer one challenge: `pass` leaves it to Electron (which refuses it: Casefile never
 * answers a web server's own challenge), `cancel` says no now, `answer` gives the proxy the
 * credentials kept for it.
 */
export type LoginAnswer =
  | { action: 'pass' }
  | { action: 'cancel' }
  | { action: 'answer'; username: string; password: string }

/**
 * The answer to a proxy's challenge met by Chromium's own stack in main (electron-updater's
 * downloads, the window): the credentials kept for that proxy, whatever the scheme (Chromium
 * does Basic, Digest, NTLM and Negotiate with them); cancel when none are kept, or when the same
 * ones were just refused (Chromium asks again after a refusal, and would ask forever).
 */
export function proxyLoginAnswer(
  challenge: LoginChallenge,
  credentials: ProxyCredentials | null,
  justRefused = false,
): LoginAnswer {
  if (!challenge.isProxy) return { action: 'pass' }
  if (!credentials || justRefused) return { action: 'cancel' }
  return { action: 'answer', username: credentials.username, password: credentials.password }
}

/** How long after an answer the same proxy asking again means it refused that answer. */
export const PROXY_LOGIN_RETRY_MS = 30_000

/**
 * Answers proxy challenges from the keychain, remembering what it gave each proxy so that a
 * refused password is not offered again and again (Chromium asks anew after each refusal). A
 * changed password (set in Settings) is offered at once. Calls `reply` with the answer; returns
 * whether it took the challenge (the caller then stops Electron's default, a refusal).
 */
export function createProxyLogin(
  credentialsFor: ProxyCredentialsFor,
  now: () => number = Date.now,
): (challenge: LoginChallenge, reply: (username?: string, password?: string) => void) => boolean {
  const given = new Map<string, { fingerprint: string; at: number }>()
  return (challenge, reply) => {
    if (proxyLoginAnswer(challenge, null).action === 'pass') return false
    const address = proxyAddress(challenge)
    void credentialsFor(address)
      .catch(() => null)
      .then((credentials) => {
        const fingerprint = credentials ? JSON.stringify(credentials) : ''
        const last = given.get(address)
        const refused =
          last !== undefined &&
          last.fingerprint === fingerprint &&
          now() - last.at < PROXY_LOGIN_RETRY_MS
        const answer = proxyLoginAnswer(challenge, credentials, refused)
        if (answer.action === 'answer') {
          given.set(address, { fingerprint, at: now() })
          reply(answer.username, answer.password)
        } else reply()
      })
    return true
  }
}

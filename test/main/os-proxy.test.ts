import { describe, expect, it } from 'vitest'
import { ProxySettingError } from '../../src/core/network/network-failure'
import { ApiKeyStore } from '../../src/core/secrets/api-key-store'
import { ProxyCredentialStore } from '../../src/core/secrets/proxy-credentials'
import type { SecretBackend } from '../../src/core/secrets/secret-backend'
import {
  createProxyLogin,
  osProxyResolver,
  PROXY_LOGIN_RETRY_MS,
  proxyLoginAnswer,
  type LoginChallenge,
} from '../../src/main/network/os-proxy'

const REGISTRY = 'https://registry.bank.example/api/v1/banks'
const CREDENTIALS = { username: 'BANK\\adaeze', password: 'p@ss:word' }

function memoryBackend(): SecretBackend & { saved: Map<string, string> } {
  const saved = new Map<string, string>()
  return {
    saved,
    description: 'a test keychain',
    read: async (account) => saved.get(account) ?? null,
    write: async (account, secret) => void saved.set(account, secret),
    remove: async (account) => saved.delete(account),
  }
}

/** Chromium's resolveProxy as a test writes it: the answer for each call, and the URLs asked. */
function fakeChromium(...answers: (string | Error)[]) {
  const asked: string[] = []
  const resolveProxy = async (url: string) => {
    asked.push(url)
    const answer = answers[Math.min(asked.length - 1, answers.length - 1)]
    if (answer instanceof Error) throw answer
    return answer ?? 'DIRECT'
  }
  return { resolveProxy, asked }
}

describe("the computer's proxy for the core (main's resolver over Chromium's resolveProxy)", () => {
  it('takes the proxy the OS settings give for the URL, with the credentials the keychain holds for it', async () => {
    const backend = memoryBackend()
    const store = new ProxyCredentialStore(new ApiKeyStore({ backend }))
    await store.set('Proxy.Bank.Local:8080', CREDENTIALS)
    // One entry per proxy, filed under its lower-case name, as JSON: never on disk.
    expect([...backend.saved.keys()]).toEqual(['proxy@proxy.bank.local:8080'])
    expect(JSON.parse(backend.saved.get('proxy@proxy.bank.local:8080')!)).toEqual(CREDENTIALS)

    const chromium = fakeChromium('PROXY proxy.bank.local:8080; DIRECT')
    const resolve = osProxyResolver(chromium.resolveProxy, (address) => store.get(address))
    expect(await resolve(REGISTRY)).toEqual({
      kind: 'proxy',
      via: 'os',
      host: 'proxy.bank.local',
      port: 8080,
      credentials: CREDENTIALS,
    })
    expect(chromium.asked).toEqual([REGISTRY])
  })

  it('asks again at each connection, so a changed setting or PAC answer is followed at once', async () => {
    const chromium = fakeChromium('PROXY proxy-a.bank.local:3128', 'DIRECT')
    const resolve = osProxyResolver(chromium.resolveProxy)
    expect(await resolve(REGISTRY)).toMatchObject({ kind: 'proxy', host: 'proxy-a.bank.local' })
    expect(await resolve(REGISTRY)).toEqual({ kind: 'direct', via: 'os' })
    expect(chromium.asked).toHaveLength(2)
  })

  it('gives no credentials when none are kept, or when the keychain cannot be read', async () => {
    const chromium = fakeChromium('PROXY [fd00::8]:3128')
    const seen: string[] = []
    const resolve = osProxyResolver(chromium.resolveProxy, async (address) => {
      seen.push(address)
      throw new Error('the keychain is locked')
    })
    const choice = await resolve(REGISTRY)
    expect(choice).toEqual({ kind: 'proxy', via: 'os', host: 'fd00::8', port: 3128 })
    expect(seen).toEqual(['[fd00::8]:3128']) // the name a person and the keychain know it by
  })

  it('never sends a registry on this computer through a proxy, whatever the OS says', async () => {
    const resolve = osProxyResolver(fakeChromium('PROXY proxy.bank.local:8080').resolveProxy)
    expect(await resolve('http://127.0.0.1:4010/api/v1/banks')).toEqual({
      kind: 'direct',
      via: 'loopback',
    })
  })

  it('refuses, in words, a PAC answer that names only SOCKS proxies', async () => {
    const resolve = osProxyResolver(
      fakeChromium('SOCKS5 socks.bank.local:1080; SOCKS socks.bank.local:1081').resolveProxy,
    )
    const refused = await resolve(REGISTRY).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ProxySettingError)
    expect((refused as Error).message).toMatch(
      /only proxies Casefile cannot use \(SOCKS5 socks\.bank\.local:1080; SOCKS socks\.bank\.local:1081\).*HTTP proxies.*Ask IT/,
    )
  })

  it('takes the first usable entry of a fallback list (a SOCKS entry first is passed over)', async () => {
    const resolve = osProxyResolver(
      fakeChromium('SOCKS5 socks.bank.local:1080; PROXY proxy.bank.local:8080; DIRECT')
        .resolveProxy,
    )
    expect(await resolve(REGISTRY)).toMatchObject({ kind: 'proxy', host: 'proxy.bank.local' })
  })

  it('says so when the settings cannot be read (a PAC script that will not load)', async () => {
    const resolve = osProxyResolver(
      fakeChromium(new Error('net::ERR_PAC_SCRIPT_FAILED')).resolveProxy,
    )
    await expect(resolve(REGISTRY)).rejects.toThrow(
      /This computer's proxy settings could not be read \(net::ERR_PAC_SCRIPT_FAILED\)/,
    )
    await expect(resolve(REGISTRY)).rejects.toBeInstanceOf(ProxySettingError)
  })
})

describe('the proxy credentials kept in the keychain', () => {
  it('read back only what Casefile wrote there, and nothing from a damaged entry', async () => {
    const backend = memoryBackend()
    const store = new ProxyCredentialStore(new ApiKeyStore({ backend }))
    expect(await store.get('proxy.bank.local:8080')).toBeNull()
    backend.saved.set('proxy@proxy.bank.local:8080', 'not json')
    expect(await store.get('proxy.bank.local:8080')).toBeNull()
    backend.saved.set('proxy@proxy.bank.local:8080', JSON.stringify({ username: 'a' }))
    expect(await store.get('proxy.bank.local:8080')).toBeNull()
    expect(await store.set('proxy.bank.local:8080', CREDENTIALS)).toEqual({
      storage: 'keychain',
      reason: null,
    })
    expect(await store.get('PROXY.bank.local:8080')).toEqual(CREDENTIALS)
    await store.remove('proxy.bank.local:8080')
    expect(await store.get('proxy.bank.local:8080')).toBeNull()
  })

  it('are kept for this session only, saying why, when there is no keychain', async () => {
    const broken: SecretBackend = {
      description: 'the Secret Service',
      read: async () => {
        throw new Error('org.freedesktop.DBus.Error.ServiceUnknown')
      },
      write: async () => {
        throw new Error('org.freedesktop.DBus.Error.ServiceUnknown')
      },
      remove: async () => false,
    }
    const store = new ProxyCredentialStore(new ApiKeyStore({ backend: broken, platform: 'linux' }))
    const kept = await store.set('proxy.bank.local:8080', CREDENTIALS)
    expect(kept.storage).toBe('memory')
    expect(kept.reason).toBeTruthy()
    expect(kept.reason).not.toContain(CREDENTIALS.password)
    expect(await store.get('proxy.bank.local:8080')).toEqual(CREDENTIALS)
  })
})

const proxyChallenge: LoginChallenge = {
  isProxy: true,
  scheme: 'basic',
  host: 'proxy.bank.local',
  port: 8080,
}

describe("the answer to Chromium's own proxy challenges (the updater's downloads)", () => {
  it('gives the kept credentials to the proxy that asks, and nothing to a web server', () => {
    expect(proxyLoginAnswer(proxyChallenge, CREDENTIALS)).toEqual({
      action: 'answer',
      username: CREDENTIALS.username,
      password: CREDENTIALS.password,
    })
    // NTLM and Negotiate too: Chromium does them with a user name and password.
    expect(proxyLoginAnswer({ ...proxyChallenge, scheme: 'ntlm' }, CREDENTIALS)).toMatchObject({
      action: 'answer',
    })
    expect(
      proxyLoginAnswer({ ...proxyChallenge, isProxy: false, host: 'github.com' }, CREDENTIALS),
    ).toEqual({ action: 'pass' })
    expect(proxyLoginAnswer(proxyChallenge, null)).toEqual({ action: 'cancel' })
    expect(proxyLoginAnswer(proxyChallenge, CREDENTIALS, true)).toEqual({ action: 'cancel' })
  })

  it('does not offer a refused password again and again, but offers a new one at once', async () => {
    let now = 1_000
    let kept: typeof CREDENTIALS | null = CREDENTIALS
    const asked: string[] = []
    const login = createProxyLogin(
      async (address) => {
        asked.push(address)
        return kept
      },
      () => now,
    )
    const answer = async (challenge: LoginChallenge = proxyChallenge) => {
      const replies: unknown[][] = []
      const took = login(challenge, (...args) => replies.push(args))
      await new Promise((resolve) => setTimeout(resolve, 0))
      return { took, replies }
    }
    expect(await answer()).toEqual({
      took: true,
      replies: [[CREDENTIALS.username, CREDENTIALS.password]],
    })
    expect(asked).toEqual(['proxy.bank.local:8080'])
    // Asked again at once with the same ones: they were refused; Chromium would ask for ever.
    now += 500
    expect(await answer()).toEqual({ took: true, replies: [[]] })
    // A new password set in Settings is offered straight away.
    kept = { ...CREDENTIALS, password: 'new password' }
    expect((await answer()).replies).toEqual([[CREDENTIALS.username, 'new password']])
    // Much later the proxy asks again (its session ended): the kept ones are offered again.
    now += PROXY_LOGIN_RETRY_MS + 1
    expect((await answer()).replies).toEqual([[CREDENTIALS.username, 'new password']])
    // None kept: no.
    kept = null
    now += PROXY_LOGIN_RETRY_MS + 1
    expect((await answer()).replies).toEqual([[]])
    // A web server's own challenge is left to Electron, which refuses it.
    expect(await answer({ ...proxyChallenge, isProxy: false })).toEqual({
      took: false,
      replies: [],
    })
  })
})

// The app's core process on a bank's network, built on loopback with real servers (nginx with a
// CA the test makes, squid asking for a password): the proxy comes from main's resolver (a fake
// Chromium resolveProxy answering as a PAC file would), the password from the keychain through
// main's handlers, the organization's CA file from the profile. The same path the app takes,
// short of Electron itself.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiKeyStore } from '../../src/core/secrets/api-key-store'
import { ProxyCredentialStore } from '../../src/core/secrets/proxy-credentials'
import { SettingsStore } from '../../src/core/settings'
import type { AppCoreProfile } from '../../src/shared/app-core'
import { CoreHost } from '../../src/main/core-host/core-host'
import { forkCoreFromSource } from '../../src/main/core-host/fork-core'
import { createProcessAppCore } from '../../src/main/core-host/process-app-core'
import { createNetworkHandlers } from '../../src/main/network/network-handlers'
import { osProxyResolver } from '../../src/main/network/os-proxy'
import { useBankNetwork } from '../support/bank-network'
import { TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { memorySecretBackend } from '../web-harness/memory-secret-backend'

const network = useBankNetwork()
const temp = (label: string) => mkdtempSync(join(tmpdir(), `casefile-app-bank-${label}-`))

const hosts: CoreHost[] = []
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.stop()))
})

/** A Registry-profile core in a process of its own, behind a CoreHost as in the app. */
async function registryCore(profile: Omit<AppCoreProfile, 'id' | 'dataDir'>) {
  const host = new CoreHost({
    createCore: (p) => createProcessAppCore(p, forkCoreFromSource(TEST_FOLDER_KEY_ENV)),
    onEvent: () => undefined,
  })
  hosts.push(host)
  await host.run({
    id: 'registry',
    dataDir: temp('data'),
    tuning: {
      retryPolicy: { baseMs: 50, capMs: 200, unknownOutcomeFloorMs: 400 },
      timeoutMs: 3_000,
    },
    ...profile,
  })
  return host
}

/** Chromium's resolveProxy as a PAC file would answer it, and the URLs it was asked about. */
function pacAnswering(answer: string) {
  const asked: string[] = []
  return {
    asked,
    resolveProxy: async (url: string) => {
      asked.push(url)
      return answer
    },
  }
}

const byId = <C extends { id: string }>(checks: C[], id: string) =>
  checks.find((check) => check.id === id)

describe("the organization's CA file in the app's core process", () => {
  it('trusts the registry only with the CA file set, and the check says which store trusted it', async () => {
    const connection = {
      baseUrl: network.fronts.good.url,
      uploadUrl: `${network.fronts.good.url}/upload-service`,
    }
    const chromium = pacAnswering('DIRECT')
    const common = {
      registry: connection,
      getApiKey: async () => network.key,
      resolveProxy: osProxyResolver(chromium.resolveProxy),
    }

    const without = await registryCore(common)
    const refused = await without.workHandlers().connectionCheck(undefined)
    expect(byId(refused.checks, 'certificate')).toMatchObject({ status: 'failed' })
    expect(byId(refused.checks, 'certificate')?.summary).toMatch(
      /issued by "Casefile Test Bank Root CA.*Ask IT for your organization's root certificate/,
    )
    // The fix as a code the window names its own control for; the words name no command.
    expect(byId(refused.checks, 'certificate')?.fix).toBe('ca_file')
    expect(byId(refused.checks, 'certificate')?.summary).not.toMatch(/casefile|--ca-file/)
    // The core asked main (the fake Chromium here) for the proxy of the registry's address.
    expect(chromium.asked.some((url) => url.startsWith(network.fronts.good.url))).toBe(true)
    await without.stop()

    const withCa = await registryCore({ ...common, caFile: network.caPath })
    const report = await withCa.workHandlers().connectionCheck(undefined)
    expect(byId(report.checks, 'certificate')).toMatchObject({ status: 'ok' })
    expect(byId(report.checks, 'certificate')?.summary).toContain(
      "trusted by the organization's CA file set in Casefile",
    )
    expect(byId(report.checks, 'banks')).toMatchObject({ status: 'ok' })
    expect(byId(report.checks, 'key')).toMatchObject({ status: 'ok' })
    expect(report.text).toMatch(/^Casefile connection check, /)
    expect(report.text).not.toContain(network.key)
  })

  it('starts anyway when the CA file cannot be read, and refuses the registry as untrusted', async () => {
    const host = await registryCore({
      registry: {
        baseUrl: network.fronts.good.url,
        uploadUrl: `${network.fronts.good.url}/upload-service`,
      },
      getApiKey: async () => network.key,
      caFile: join(temp('gone'), 'bank-root.pem'),
    })
    const report = await host.workHandlers().connectionCheck(undefined)
    expect(byId(report.checks, 'certificate')).toMatchObject({ status: 'failed' })
  })
})

describe("a proxy that asks for a password, answered from the keychain through main's handlers", () => {
  it('pauses sending on 407 naming the proxy, keeps the report queued, and resumes with no retry by hand once the password is set', async () => {
    const userData = temp('user')
    // A registry only the proxy could reach (an address squid will not tunnel to once signed in:
    // it answers at once, with no name to look up).
    const registry = { baseUrl: 'https://10.255.255.1', uploadUrl: 'https://10.255.255.1/upload' }
    const { store: settings } = await SettingsStore.open(join(userData, 'settings.json'))
    await settings.update((s) => ({ ...s, activeProfile: 'registry', registry }))
    const keys = new ApiKeyStore({ backend: memorySecretBackend() })
    const proxyCredentials = new ProxyCredentialStore(keys)
    const chromium = pacAnswering(`PROXY 127.0.0.1:${network.authProxy.port}; DIRECT`)
    const host = await registryCore({
      registry,
      getApiKey: async () => network.key,
      resolveProxy: osProxyResolver(chromium.resolveProxy, (address) =>
        proxyCredentials.get(address),
      ),
    })
    const work = host.workHandlers()
    const draft = await work.draftCreate({
      fraudType: 'money_mule',
      fraudReason: 'Received and moved on funds from several phishing victims within minutes.',
      identifiers: [{ label: 'phone', value: '08031234567' }],
    })
    expect((await work.reportQueue({ localId: draft.localId })).ok).toBe(true)
    await work.syncNow(undefined)

    const paused = await work.outboxList(undefined)
    const address = `127.0.0.1:${network.authProxy.port}`
    expect(paused.paused).toMatchObject({ reason: 'proxy_auth' })
    expect(paused.paused?.message).toContain(
      `The proxy at ${address} asks for a user name and password`,
    )
    expect(paused.pending).toBe(1)
    expect(paused.counts.needs_attention ?? 0).toBe(0)
    await network.authProxy.waitForAccessLog((entries) =>
      entries.some(
        (e) => e.method === 'CONNECT' && e.target === '10.255.255.1:443' && e.status === 407,
      ),
    )

    const handlers = createNetworkHandlers({
      settings,
      cores: host,
      profileFor: () => {
        throw new Error('not restarted in this test')
      },
      proxyCredentials,
      chooseCaFile: async () => null,
    })
    await handlers.setProxyCredentials({
      proxy: address,
      username: network.proxyCredentials.user,
      password: network.proxyCredentials.password,
    })
    // The core resumes on its own: the next attempt carries the password ("p@ss:word"), which
    // squid accepts (and then refuses the destination, which is this test's registry's fate).
    await network.authProxy.waitForAccessLog((entries) =>
      entries.some((e) => e.method === 'CONNECT' && e.user === network.proxyCredentials.user),
    )
    const resumed = await work.outboxList(undefined)
    expect(resumed.paused).toBeNull()
    expect(resumed.pending).toBe(1)
  })
})

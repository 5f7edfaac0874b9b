import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiKeyStore } from '../../src/core/secrets/api-key-store'
import { ProxyCredentialStore } from '../../src/core/secrets/proxy-credentials'
import type { SecretBackend } from '../../src/core/secrets/secret-backend'
import { SettingsStore } from '../../src/core/settings'
import type { AppCore, AppCoreProfile } from '../../src/shared/app-core'
import { appCoreProfile } from '../../src/main/core-host/core-profile'
import { CoreHost } from '../../src/main/core-host/core-host'
import { EventHub } from '../../src/shared/event-hub'
import { callContract } from '../../src/shared/call-contract'
import { createNetworkHandlers } from '../../src/main/network/network-handlers'
import type { ContractHandlers } from '../../src/shared/contracts'
import { proxyAskingForPassword } from '../../src/shared/contracts/network'
import { describeNetworkRefusal } from '../../src/core/network/network-failure'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-network-'))
  dirs.push(dir)
  return dir
}

/** A root certificate as IT would export it, made by openssl for the test. */
function rootCertificate(dir: string): string {
  const path = join(dir, 'bank-root.pem')
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    join(dir, 'bank-root.key'),
    '-out',
    path,
    '-days',
    '30',
    '-subj',
    '/O=Test Bank/CN=Test Bank Root CA',
  ])
  return path
}

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

/** The handlers over real services: settings in a temp folder, a keychain double, a core host. */
async function network(options: { chosen?: () => string | null } = {}) {
  const userData = temp()
  const { store: settings } = await SettingsStore.open(join(userData, 'settings.json'))
  const backend = memoryBackend()
  const keys = new ApiKeyStore({ backend })
  const journal: string[] = []
  const started: AppCoreProfile[] = []
  const cores = new CoreHost({
    createCore: (profile): AppCore => ({
      start: async () => {
        journal.push(`start ${profile.id}`)
        started.push(profile)
      },
      stop: async () => void journal.push(`stop ${profile.id}`),
      keyChanged: () => void journal.push(`key ${profile.id}`),
      connectivityChanged: () => undefined,
      events: new EventHub(),
      work: null,
    }),
    onEvent: () => undefined,
  })
  const profileFor = (current: typeof settings.current, id: 'sandbox' | 'registry') =>
    appCoreProfile(current, id, userData, keys)
  const handlers = createNetworkHandlers({
    settings,
    cores,
    profileFor,
    proxyCredentials: new ProxyCredentialStore(keys),
    chooseCaFile: async () => options.chosen?.() ?? null,
  })
  await settings.update((s) => ({
    ...s,
    registry: { baseUrl: 'https://registry.bank.example', uploadUrl: 'https://files.bank.example' },
  }))
  await cores.run(profileFor(settings.current, 'sandbox'))
  return { handlers, settings, backend, journal, started, userData, cores, profileFor }
}

describe("the organization's CA file", () => {
  it('is chosen in main’s dialog, checked, kept in settings.json, and the Registry core restarted with it', async () => {
    const dir = temp()
    const ca = rootCertificate(dir)
    const net = await network({ chosen: () => ca })
    await net.settings.update((s) => ({ ...s, activeProfile: 'registry' }))
    await net.cores.run(net.profileFor(net.settings.current, 'registry'))
    expect(await net.handlers.connectionSettings(undefined)).toEqual({ caFile: null })

    const chosen = await net.handlers.chooseCaFile(undefined)
    expect(chosen.chosen).toBe(true)
    expect(chosen.settings.caFile).toMatchObject({ path: ca, problem: null })
    const [cert] = chosen.settings.caFile!.certificates
    expect(cert).toMatchObject({
      subject: 'Test Bank Root CA',
      issuer: 'Test Bank Root CA',
      expired: false,
    })
    expect(new Date(cert!.validTo).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    expect(JSON.parse(readFileSync(join(net.userData, 'settings.json'), 'utf8'))).toMatchObject({
      registryCaFile: ca,
    })
    expect(net.journal.slice(-2)).toEqual(['stop registry', 'start registry'])
    expect(net.started.at(-1)).toMatchObject({ id: 'registry', caFile: ca })

    const cleared = await net.handlers.clearCaFile(undefined)
    expect(cleared).toEqual({ caFile: null })
    expect(net.settings.current.registryCaFile).toBeUndefined()
    expect(net.started.at(-1)?.caFile).toBeUndefined()
    expect(net.journal.slice(-2)).toEqual(['stop registry', 'start registry'])
  })

  it('is kept for the Registry profile without restarting the Sandbox’s core, which does not use it', async () => {
    const ca = rootCertificate(temp())
    const net = await network({ chosen: () => ca })
    await net.handlers.chooseCaFile(undefined)
    expect(net.settings.current.registryCaFile).toBe(ca)
    expect(net.journal).toEqual(['start sandbox'])
    expect(net.profileFor(net.settings.current, 'registry').caFile).toBe(ca)
    expect(net.profileFor(net.settings.current, 'sandbox').caFile).toBeUndefined()
  })

  it('changes nothing when the dialog is closed', async () => {
    const net = await network({ chosen: () => null })
    expect(await net.handlers.chooseCaFile(undefined)).toEqual({
      chosen: false,
      settings: { caFile: null },
    })
    expect(net.settings.current.registryCaFile).toBeUndefined()
    expect(net.journal).toEqual(['start sandbox'])
  })

  it('refuses a file that holds no certificate, in words, and keeps the one set before', async () => {
    const dir = temp()
    const ca = rootCertificate(dir)
    const notCa = join(dir, 'notes.txt')
    writeFileSync(notCa, 'the proxy is proxy.bank.local:8080\n')
    let chosen = ca
    const net = await network({ chosen: () => chosen })
    await net.handlers.chooseCaFile(undefined)
    chosen = notCa
    await expect(net.handlers.chooseCaFile(undefined)).rejects.toThrow(
      /notes\.txt holds no certificate\. Choose a PEM file/,
    )
    expect(net.settings.current.registryCaFile).toBe(ca)
  })

  it('says what is wrong when the file kept is gone, without stopping anything', async () => {
    const dir = temp()
    const ca = rootCertificate(dir)
    const net = await network({ chosen: () => ca })
    await net.handlers.chooseCaFile(undefined)
    rmSync(ca)
    const view = await net.handlers.connectionSettings(undefined)
    expect(view.caFile).toEqual({
      path: ca,
      certificates: [],
      problem: `The certificate file ${ca} does not exist. Check the path. Until it is fixed, Casefile trusts this computer's certificates and its own.`,
    })
  })
})

describe("a proxy's user name and password", () => {
  it('are kept in the keychain for that proxy, the paused core told to resume, and never answered back', async () => {
    const net = await network()
    const answer = await net.handlers.setProxyCredentials({
      proxy: 'proxy.bank.local:8080',
      username: 'BANK\\adaeze',
      password: 'p@ss:word',
    })
    expect(answer).toEqual({ proxy: 'proxy.bank.local:8080', storage: 'keychain', reason: null })
    expect(JSON.stringify(answer)).not.toContain('p@ss')
    expect(JSON.parse(net.backend.saved.get('proxy@proxy.bank.local:8080')!)).toEqual({
      username: 'BANK\\adaeze',
      password: 'p@ss:word',
    })
    expect(net.journal.at(-1)).toBe('key sandbox')
  })

  it('are checked at the door: a proxy named as host:port, a user name without a colon', async () => {
    const net = await network()
    const handlers = net.handlers as unknown as ContractHandlers
    const refused = await callContract(
      'setProxyCredentials',
      [{ proxy: 'http://proxy.bank.local', username: 'a:b', password: '' }],
      handlers,
    )
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_input' } })
    const messages = refused.ok ? [] : (refused.error.issues ?? []).map((i) => i.message)
    expect(messages).toEqual([
      'Write the proxy as its name and port, for example proxy.bank.local:8080.',
      'A proxy user name cannot hold a colon (:).',
      'Enter the password.',
    ])
    expect(net.backend.saved.size).toBe(0)
    const ipv6 = await callContract(
      'setProxyCredentials',
      [{ proxy: '[fd00::8]:3128', username: 'adaeze', password: 'x' }],
      handlers,
    )
    expect(ipv6.ok).toBe(true)
  })

  it('are asked for the proxy the refusal names, in the words the core uses', () => {
    const proxy = { host: 'proxy.bank.local', port: 8080 }
    const asks = describeNetworkRefusal({
      type: 'proxy_auth',
      proxy,
      hadCredentials: false,
      schemes: ['Basic'],
    })
    const refused = describeNetworkRefusal({
      type: 'proxy_auth',
      proxy: { host: 'fd00::8', port: 3128 },
      hadCredentials: true,
      schemes: ['Basic'],
    })
    expect(proxyAskingForPassword(asks)).toBe('proxy.bank.local:8080')
    expect(proxyAskingForPassword(refused)).toBe('[fd00::8]:3128')
    expect(proxyAskingForPassword('The registry refused the API key.')).toBeNull()
  })
})

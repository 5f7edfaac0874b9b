// The `casefile` command on a bank's network, built on loopback with real servers: nginx serving
// the registry over TLS with a CA the test makes (a good certificate, an expired one, one for
// another name, a self-signed one), squid with and without Basic authentication, and a proxy
// port where nothing listens. Each case is one an investigator's laptop meets at a bank.
import { describe, expect, it } from 'vitest'
import { reportFile, runCasefile, sandboxFolder, tempFolder } from '../cli/cli-harness'
import { BANK_REGISTRY_NAME, useBankNetwork } from '../support/bank-network'
import { casefileProcess } from './casefile-process'

const network = useBankNetwork()

/** The registry behind a front, by the name only squid resolves (a bank's registry is never loopback). */
const proxiedRegistry = (port: number) => {
  const baseUrl = `https://${BANK_REGISTRY_NAME}:${port}`
  return { baseUrl, uploadUrl: `${baseUrl}/upload-service` }
}
const direct = (url: string) => ({ baseUrl: url, uploadUrl: `${url}/upload-service` })

/** The CLI with the first demo organization's key and whatever network the case sets. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  runCasefile(args, { CASEFILE_API_KEY: network.key, ...env })

/** A data folder for this registry with one report queued (a PDF attachment: an upload too). */
async function folderWithReport(
  registry: { baseUrl: string; uploadUrl: string },
  extra: string[] = [],
): Promise<string> {
  const dataDir = await sandboxFolder((args) => cli([...args, ...extra]), registry)
  const submitted = await cli(['submit', reportFile(tempFolder()), '--data-dir', dataDir])
  expect(submitted.code, submitted.stderr).toBe(0)
  return dataDir
}

const outbox = async (dataDir: string) =>
  (await cli(['outbox', '--json', '--data-dir', dataDir])).json()

describe('certificates', () => {
  it('refuses a registry whose certificate this computer does not trust, names its issuer and the fix, and keeps the report queued as not sent', async () => {
    const dataDir = await folderWithReport(direct(network.fronts.good.url))
    const sync = await cli(['sync', '--data-dir', dataDir])
    expect(sync.code).toBe(3)
    expect(sync.stderr).toContain('issued by "Casefile Test Bank Root CA')
    expect(sync.stderr).toMatch(/Ask IT for your organization's root certificate/)
    expect(sync.stderr).toContain('Nothing was sent')
    const json = await cli(['sync', '--json', '--data-dir', dataDir])
    expect(json.json()).toMatchObject({ offline: true, exitCode: 3 })
    expect(json.json().offlineReason).toContain('Casefile Test Bank Root CA')
    const waiting = (await outbox(dataDir)).operations
    expect(waiting.length).toBeGreaterThan(0)
    // Nothing left: nothing to reconcile, nothing needing a person.
    for (const op of waiting) {
      expect(op.outcomeUnknown).toBe(false)
      expect(op.state).not.toBe('needs_attention')
    }
  })

  it(
    'sync --until-idle returns on a refused certificate instead of retrying for ever',
    { timeout: 20_000 },
    async () => {
      const dataDir = await folderWithReport(direct(network.fronts.good.url))
      const sync = await cli(['sync', '--until-idle', '--data-dir', dataDir])
      expect(sync.code).toBe(3)
      expect(sync.stderr).toContain('Casefile Test Bank Root CA')
    },
  )

  it("trusts the organization's CA file: for one run with --ca-file, and kept with config set --ca-file", async () => {
    const once = await folderWithReport(direct(network.fronts.good.url))
    const sent = await cli(['sync', '--ca-file', network.caPath, '--data-dir', once])
    expect(sent.code, sent.stderr).toBe(0)
    expect(sent.stdout).toMatch(/^Sent 1 report/)

    const kept = await folderWithReport(direct(network.fronts.good.url), [
      '--ca-file',
      network.caPath,
    ])
    expect((await cli(['config', 'show', '--data-dir', kept])).stdout).toContain(network.caPath)
    const again = await cli(['sync', '--data-dir', kept])
    expect(again.code, again.stderr).toBe(0)
    const cleared = await cli([
      'config',
      'set',
      '--clear-ca-file',
      '--base-url',
      network.fronts.good.url,
      '--upload-url',
      `${network.fronts.good.url}/upload-service`,
      '--data-dir',
      kept,
    ])
    expect(cleared.stdout).toContain('(none')
  })

  it('refuses a file that is not a certificate when it is set, naming the file', async () => {
    const notCa = reportFile(tempFolder())
    const set = await cli([
      'config',
      'set',
      '--ca-file',
      notCa,
      '--base-url',
      network.fronts.good.url,
      '--upload-url',
      `${network.fronts.good.url}/upload-service`,
      '--data-dir',
      tempFolder(),
    ])
    expect(set.code).toBe(1)
    expect(set.stderr).toContain(`${notCa} holds no certificate`)
  })

  it('says an expired certificate expired, and when', async () => {
    const dataDir = await folderWithReport(direct(network.fronts.expired.url))
    const sync = await cli(['sync', '--ca-file', network.caPath, '--data-dir', dataDir])
    expect(sync.code).toBe(3)
    expect(sync.stderr).toContain(`expired on ${network.ca.expiredOn}`)
  })

  it('says a certificate for another name is for that name', async () => {
    const dataDir = await folderWithReport(direct(network.fronts.wrongName.url))
    const sync = await cli(['sync', '--ca-file', network.caPath, '--data-dir', dataDir])
    expect(sync.code).toBe(3)
    expect(sync.stderr).toContain('is for registry.other.example, not for localhost')
  })

  it('says a self-signed certificate is self-signed', async () => {
    const dataDir = await folderWithReport(direct(network.fronts.selfSigned.url))
    const sync = await cli(['sync', '--ca-file', network.caPath, '--data-dir', dataDir])
    expect(sync.code).toBe(3)
    expect(sync.stderr).toContain('is self-signed')
  })
})

describe('NODE_EXTRA_CA_CERTS, the variable IT sets for every Node tool', () => {
  // Node reads the variable when a process starts: `casefile` runs as its own process, with the
  // bank's CA given that way alone (no --ca-file, and a computer's store without it).
  const run = (args: string[], env: Record<string, string> = {}) =>
    casefileProcess(args, {
      CASEFILE_API_KEY: network.key,
      CASEFILE_DB_KEY: 'cd'.repeat(32),
      ...env,
    })
  const withBankCa = () => ({ NODE_EXTRA_CA_CERTS: network.caPath })
  const folderFor = async (registry: { baseUrl: string; uploadUrl: string }) => {
    const dataDir = tempFolder()
    const set = await run([
      'config',
      'set',
      '--base-url',
      registry.baseUrl,
      '--upload-url',
      registry.uploadUrl,
      '--data-dir',
      dataDir,
    ])
    expect(set.code, set.stderr).toBe(0)
    return dataDir
  }

  it(
    "banks --refresh trusts the registry the variable's CA signed, and refuses it without the variable",
    { timeout: 90_000 },
    async () => {
      const dataDir = await folderFor(direct(network.fronts.good.url))
      const without = await run(['banks', '--refresh', '--data-dir', dataDir])
      expect(without.code).toBe(3)
      expect(without.stderr).toContain('Casefile Test Bank Root CA')
      const banks = await run(['banks', '--refresh', '--json', '--data-dir', dataDir], withBankCa())
      expect(banks.code, banks.stderr).toBe(0)
      expect(JSON.parse(banks.stdout).banks.length).toBeGreaterThan(0)
    },
  )

  it('sync through squid sends the queued report', { timeout: 90_000 }, async () => {
    const dataDir = await folderFor(proxiedRegistry(network.fronts.good.port))
    const submit = await run(['submit', reportFile(tempFolder()), '--data-dir', dataDir])
    expect(submit.code, submit.stderr).toBe(0)
    const sync = await run(['sync', '--data-dir', dataDir], {
      ...withBankCa(),
      HTTPS_PROXY: network.proxy.url,
    })
    expect(sync.code, sync.stderr).toBe(0)
    expect(sync.stdout).toMatch(/^Sent 1 report/)
  })

  it(
    'doctor passes every check and names the variable and its file as what trusted the registry',
    { timeout: 90_000 },
    async () => {
      const dataDir = await folderFor(proxiedRegistry(network.fronts.good.port))
      const doctor = await run(['doctor', '--data-dir', dataDir], {
        ...withBankCa(),
        HTTPS_PROXY: network.proxy.url,
        CASEFILE_UPDATE_FEED_URL: network.fronts.good.url,
      })
      expect(doctor.code, doctor.stdout).toBe(0)
      expect(doctor.stdout).toContain(`trusted through NODE_EXTRA_CA_CERTS (${network.caPath})`)
      expect(doctor.stdout).toContain('All is well')
    },
  )
})

describe('proxies', () => {
  it('goes through HTTPS_PROXY in a CONNECT tunnel', async () => {
    const registry = proxiedRegistry(network.fronts.good.port)
    const dataDir = await folderWithReport(registry, ['--ca-file', network.caPath])
    const sync = await cli(['sync', '--data-dir', dataDir], { HTTPS_PROXY: network.proxy.url })
    expect(sync.code, sync.stderr).toBe(0)
    expect(sync.stdout).toMatch(/^Sent 1 report/)
    await network.proxy.waitForAccessLog((entries) =>
      entries.some(
        (e) =>
          e.method === 'CONNECT' &&
          e.target === `${BANK_REGISTRY_NAME}:${network.fronts.good.port}` &&
          e.status === 200,
      ),
    )
  })

  it('sends a percent-encoded proxy password decoded (p%40ss%3Aword is p@ss:word)', async () => {
    const dataDir = await folderWithReport(proxiedRegistry(network.fronts.good.port), [
      '--ca-file',
      network.caPath,
    ])
    const sync = await cli(['sync', '--data-dir', dataDir], {
      https_proxy: network.authProxy.urlWithCredentials ?? '',
    })
    expect(network.authProxy.urlWithCredentials).toContain('%40')
    expect(sync.code, sync.stderr).toBe(0)
  })

  it('pauses on a refused proxy password, keeps the report queued, and sends it once the password is right with no retry by hand', async () => {
    const dataDir = await folderWithReport(proxiedRegistry(network.fronts.good.port), [
      '--ca-file',
      network.caPath,
    ])
    const wrong = `http://${network.proxyCredentials.user}:wrong@127.0.0.1:${network.authProxy.port}`
    const refused = await cli(['sync', '--data-dir', dataDir], { HTTPS_PROXY: wrong })
    expect(refused.code).toBe(3)
    expect(refused.stderr).toContain(
      `The proxy at 127.0.0.1:${network.authProxy.port} refused its user name and password`,
    )
    const paused = await outbox(dataDir)
    expect(paused.paused).toMatchObject({ reason: 'proxy_auth' })
    expect(paused.counts.needs_attention).toBe(0)
    expect(paused.pending).toBeGreaterThan(0)

    const none = await cli(['sync', '--data-dir', dataDir], { HTTPS_PROXY: network.authProxy.url })
    expect(none.code).toBe(3)
    expect(none.stderr).toContain('asks for a user name and password')

    const fixed = await cli(['sync', '--until-idle', '--data-dir', dataDir], {
      HTTPS_PROXY: network.authProxy.urlWithCredentials ?? '',
    })
    expect(fixed.code, fixed.stderr).toBe(0)
    expect(fixed.stdout).toMatch(/^Sent 1 report; 0 pending/)
  })

  it('names a proxy that cannot be reached', async () => {
    const dataDir = await folderWithReport(proxiedRegistry(network.fronts.good.port))
    const sync = await cli(['sync', '--data-dir', dataDir], {
      HTTPS_PROXY: `http://127.0.0.1:${network.closedPort}`,
    })
    expect(sync.code).toBe(3)
    expect(sync.stderr).toContain(`The proxy at 127.0.0.1:${network.closedPort} cannot be reached`)
  })

  it('never sends a registry on this computer through a proxy, key and report included', async () => {
    const before = network.proxy.accessLog().length
    const dataDir = await folderWithReport(direct(network.sandbox.baseUrl))
    const everyProxy = {
      HTTP_PROXY: network.proxy.url,
      http_proxy: network.proxy.url,
      HTTPS_PROXY: network.proxy.url,
      ALL_PROXY: network.proxy.url,
    }
    const sync = await cli(['sync', '--data-dir', dataDir], everyProxy)
    expect(sync.code, sync.stderr).toBe(0)
    expect(sync.stdout).toMatch(/^Sent 1 report/)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(network.proxy.accessLog().slice(before)).toEqual([])
  })
})

describe('casefile doctor', () => {
  it('on a good setup: every check passes, the proxy and the store that trusted the certificate are named, and the key is never printed', async () => {
    const registry = proxiedRegistry(network.fronts.good.port)
    const dataDir = await sandboxFolder(
      (args) => cli([...args, '--ca-file', network.caPath]),
      registry,
    )
    const env = {
      HTTPS_PROXY: network.proxy.url,
      CASEFILE_UPDATE_FEED_URL: network.fronts.good.url,
    }
    const doctor = await cli(['doctor', '--data-dir', dataDir], env)
    expect(doctor.code, doctor.stdout).toBe(0)
    expect(doctor.stdout).toContain(
      `Through the proxy 127.0.0.1:${network.proxy.port} (from the HTTPS_PROXY`,
    )
    expect(doctor.stdout).toContain("trusted by the organization's CA file")
    expect(doctor.stdout).toContain('All is well')
    expect(doctor.stdout).not.toContain(network.key)
    expect(doctor.stdout).not.toContain(network.key.slice(-12))
    const json = (await cli(['doctor', '--json', '--data-dir', dataDir], env)).json()
    expect(json.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      ['registry', 'ok'],
      ['proxy', 'ok'],
      ['name', 'ok'],
      ['certificate', 'ok'],
      ['banks', 'ok'],
      ['key', 'ok'],
      ['clock', 'ok'],
      ['updates', 'ok'],
    ])
  })

  it('with GitHub blocked and the registry reached: exit 0, the update feed a warning line, not a failure', async () => {
    const registry = proxiedRegistry(network.fronts.good.port)
    const dataDir = await sandboxFolder(
      (args) => cli([...args, '--ca-file', network.caPath]),
      registry,
    )
    const env = {
      HTTPS_PROXY: network.proxy.url,
      CASEFILE_UPDATE_FEED_URL: `https://127.0.0.1:${network.closedPort}/`,
    }
    const doctor = await cli(['doctor', '--data-dir', dataDir], env)
    expect(doctor.code, doctor.stdout).toBe(0)
    expect(doctor.stdout).toMatch(
      /^WARNING +Update feed +https:\/\/127\.0\.0\.1:\d+ cannot be reached/m,
    )
    expect(doctor.stdout).not.toContain('FAILED')
    expect(doctor.stdout).toContain(
      'Casefile can reach the registry from this computer, but not the site updates come from',
    )
    const json = (await cli(['doctor', '--json', '--data-dir', dataDir], env)).json()
    expect(json).toMatchObject({ ok: true, exitCode: 0 })
    const statuses = Object.fromEntries(
      json.checks.map((c: { id: string; status: string }) => [c.id, c.status]),
    )
    expect(statuses).toMatchObject({
      registry: 'ok',
      certificate: 'ok',
      key: 'ok',
      updates: 'warning',
    })
  })

  it('on a bad setup: the refused certificate, the refused key each fail, exit 3; the unreachable feed warns', async () => {
    const dataDir = await sandboxFolder(cli, direct(network.fronts.good.url))
    const doctor = await runCasefile(['doctor', '--json', '--data-dir', dataDir], {
      CASEFILE_API_KEY: 'sbx_not_a_key_of_this_registry_0000000000',
      CASEFILE_UPDATE_FEED_URL: `https://127.0.0.1:${network.closedPort}/`,
    })
    expect(doctor.code).toBe(3)
    const byId = Object.fromEntries(doctor.json().checks.map((c: { id: string }) => [c.id, c]))
    expect(byId.certificate).toMatchObject({ status: 'failed' })
    expect(byId.certificate.summary).toContain('Casefile Test Bank Root CA')
    expect(byId.banks.status).toBe('failed')
    // The feed never blocks work: a warning, whatever else fails.
    expect(byId.updates.status).toBe('warning')
    expect(doctor.stdout).not.toContain('sbx_not_a_key')
  })
})

import { rmSync } from 'node:fs'
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from '../../../src/sandbox'
import { closedPort } from './free-port'
import { bankTempDir } from './leftovers'
import { startTlsFront, type TlsFront } from './nginx-tls'
import { startSquid, type ProxyCredentials, type RunningSquid } from './squid'
import { CERT_KINDS, testCa, type CertKind, type TestCa } from './test-ca'

/** The authenticating proxy's credentials: `@` and `:` in the password, as URLs trip on them. */
export const BANK_PROXY_CREDENTIALS: ProxyCredentials = {
  user: 'investigator',
  password: 'p@ss:word',
}

export interface BankNetworkOptions {
  sandbox?: Partial<StartSandboxOptions>
  proxyCredentials?: ProxyCredentials
}

export interface BankNetwork {
  /** The registry itself, plain HTTP on 127.0.0.1 (what the fronts pass requests to). */
  sandbox: RunningSandbox
  /** The first demo organization's key, and the second's. */
  key: string
  otherKey: string
  ca: TestCa
  /** The test root CA's PEM file: the "extra CA file" a bank's IT hands out. */
  caPath: string
  /**
   * An nginx TLS front before the sandbox for each kind of certificate, at
   * https://localhost:PORT. Only `good` passes verification, and only with caPath trusted.
   */
  fronts: Record<CertKind, TlsFront>
  /** Squid on http://127.0.0.1:PORT, no authentication. */
  proxy: RunningSquid
  /** Squid requiring Basic authentication with `proxyCredentials`. */
  authProxy: RunningSquid
  proxyCredentials: ProxyCredentials
  /** A port on 127.0.0.1 where nothing listens: a proxy that cannot be reached. */
  closedPort: number
  /** How long start-up took, in ms. */
  startupMs: number
}

export interface RunningBankNetwork extends BankNetwork {
  /** Stops every server and deletes every temp folder; safe to call twice. */
  stop(): Promise<void>
}

/**
 * Starts the whole network at once: the sandbox, the CA, two squids, then four nginx fronts
 * (they need the sandbox's port and the certificates). If any part fails, the parts that
 * started are stopped before the error is thrown.
 */
export async function startBankNetwork(
  options: BankNetworkOptions = {},
): Promise<RunningBankNetwork> {
  const started = Date.now()
  const proxyCredentials = options.proxyCredentials ?? BANK_PROXY_CREDENTIALS
  const dataDir = bankTempDir('sandbox')
  const stops: (() => Promise<void>)[] = []
  // Folders go once every server using them has stopped (the sandbox's SQLite file is open).
  const removals: (() => void)[] = [() => rmSync(dataDir, { recursive: true, force: true })]
  const stopAll = async (): Promise<void> => {
    const results = await Promise.allSettled(stops.splice(0).map((stop) => stop()))
    for (const remove of removals.splice(0)) remove()
    const failed = results.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
  }
  // Registers each part's stop as soon as it is up, so a failure elsewhere still stops it.
  const track = async <T extends { stop: () => Promise<void> }>(
    starting: Promise<T>,
  ): Promise<T> => {
    const part = await starting
    stops.push(() => part.stop())
    return part
  }

  try {
    const [sandbox, ca, proxy, authProxy, unused] = await allStarted([
      track(startSandbox({ port: 0, dataDir, ...options.sandbox })),
      testCa().then((ca) => {
        removals.push(() => ca.remove())
        return ca
      }),
      track(startSquid()),
      track(startSquid({ auth: proxyCredentials })),
      closedPort(),
    ] as const)
    const frontList = await allStarted(
      CERT_KINDS.map((kind) =>
        track(startTlsFront({ ...ca.certs[kind], upstream: sandbox.baseUrl })),
      ),
    )
    const fronts = Object.fromEntries(CERT_KINDS.map((kind, i) => [kind, frontList[i]])) as Record<
      CertKind,
      TlsFront
    >
    const [first, second] = sandbox.demoKeys
    if (!first || !second) throw new Error('The sandbox should seed two demo organizations.')
    return {
      sandbox,
      key: first.key,
      otherKey: second.key,
      ca,
      caPath: ca.caCert,
      fronts,
      proxy,
      authProxy,
      proxyCredentials,
      closedPort: unused,
      startupMs: Date.now() - started,
      stop: stopAll,
    }
  } catch (error) {
    await stopAll().catch(() => {})
    throw error
  }
}

/**
 * Promise.all that waits for every part to settle before it throws, so no part finishes
 * starting after the clean-up has run (and is left running).
 */
async function allStarted<T extends readonly unknown[]>(
  parts: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(parts)
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>
  }
}

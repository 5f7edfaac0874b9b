import { lookup } from 'node:dns/promises'
import https from 'node:https'
import type { X509Certificate } from 'node:crypto'
import { createRegistryClient, type RegistryConnection } from './registry'
import {
  certificateFacts,
  loadTrustStores,
  trustingStore,
  describeProxyChoice,
  type ProxyChoice,
  connectToRegistry,
  RegistryAgent,
  environmentProxyResolver,
  type NetworkSettings,
  NEUTRAL_FIXES,
  type RefusalFixes,
} from '../network/network'
import {
  duration,
  errorWords,
  fixOf,
  trustedByWords,
  trustProblemWords,
  type ConnectionCheck,
  type ConnectionReport,
} from './connection-report'

export interface ConnectionCheckInput {
  connection: RegistryConnection
  network: NetworkSettings
  getApiKey: () => Promise<string | undefined> | string | undefined
  /** Where installed copies look for updates (GitHub Releases, unless the organization mirrors it). */
  updateFeedUrl: string
  timeoutMs?: number
  resolveName?: (host: string) => Promise<string[]>
  now?: () => number
  /**
   * A refusal's fixes in this front's words (the CLI's name `config set --ca-file` and
   * HTTPS_PROXY); neutral when not given, and a failed check says `fix: 'ca_file'`.
   */
  fixes?: RefusalFixes
}

/** The address updates come from: GitHub Releases (electron-builder.yml), or a mirror IT names. */
export const DEFAULT_UPDATE_FEED_URL = 'https://github.com/'

/** Clock offsets under this are the Date header's one-second precision and the round trip. */
const CLOCK_TOLERANCE_MS = 5_000

const defaultResolveName = async (host: string) =>
  (await lookup(host, { all: true })).map((entry) => entry.address)

/**
 * `casefile doctor` and Settings → Check connection: every step between this computer and the
 * registry, in order, each in words a person can copy to IT. Never shows the key.
 */
export async function checkConnection(input: ConnectionCheckInput): Promise<ConnectionReport> {
  const now = input.now ?? Date.now
  const checks: ConnectionCheck[] = []
  const add = (check: ConnectionCheck) => checks.push(check)
  const resolveProxy = input.network.resolveProxy ?? environmentProxyResolver()
  const base = new URL(input.connection.baseUrl)
  const upload = new URL(input.connection.uploadUrl)
  const timeoutMs = input.timeoutMs ?? 15_000
  const words = (error: unknown) => errorWords(error, input.fixes)

  add({
    id: 'registry',
    title: 'Registry',
    status: 'ok',
    summary: `${base.origin}${upload.origin !== base.origin ? ` (uploads: ${upload.origin})` : ''}`,
  })

  let proxy: ProxyChoice | null = null
  try {
    proxy = await resolveProxy(input.connection.baseUrl)
    add({ id: 'proxy', title: 'Proxy', status: 'ok', summary: describeProxyChoice(proxy) })
  } catch (error) {
    add({ id: 'proxy', title: 'Proxy', status: 'failed', summary: words(error) })
  }

  const host = base.hostname.replace(/^\[|\]$/g, '')
  try {
    const addresses = await (input.resolveName ?? defaultResolveName)(host)
    add({ id: 'name', title: 'Name', status: 'ok', summary: `${host} → ${addresses.join(', ')}` })
  } catch (error) {
    const viaProxy = proxy?.kind === 'proxy'
    add({
      id: 'name',
      title: 'Name',
      status: viaProxy ? 'ok' : 'failed',
      summary: viaProxy
        ? `${host} does not resolve on this computer; the proxy resolves it.`
        : `${host}: ${words(error)} Check the registry address, or this computer's DNS.`,
    })
  }

  const stores = loadTrustStores({ extraCaPems: input.network.extraCaPems })
  let chain: X509Certificate[] = []
  if (base.protocol === 'https:') {
    try {
      const socket = await connectToRegistry(host, Number(base.port || 443), {
        resolveProxy,
        trust: () => stores,
        connectTimeoutMs: timeoutMs,
        onConnection: (seen) => (chain = seen.chain),
      })
      socket.destroy()
      const leaf = chain[0]
      const facts = leaf ? certificateFacts(leaf) : null
      const store = trustingStore(chain, stores)
      add({
        id: 'certificate',
        title: 'Certificate',
        status: 'ok',
        summary: facts
          ? `for ${facts.names.join(', ') || facts.subject}, issued by "${facts.issuer}", valid until ${facts.validTo.slice(0, 10)}; ${trustedByWords(store, stores)}.${trustProblemWords(stores)}`
          : 'the connection is secure.',
      })
    } catch (error) {
      add({
        id: 'certificate',
        title: 'Certificate',
        status: 'failed',
        summary: `${words(error)}${trustProblemWords(stores)}`,
        ...fixOf(error),
      })
    }
  } else
    add({
      id: 'certificate',
      title: 'Certificate',
      status: 'skipped',
      summary: 'none: an http registry on this computer (no certificate, and never a proxy).',
    })

  const clock: number[] = []
  const client = createRegistryClient(input.connection, {
    getApiKey: async () => (await input.getApiKey()) ?? undefined,
    network: { ...input.network, resolveProxy, extraCaPems: input.network.extraCaPems },
    timeoutMs,
    userAgent: 'Casefile-doctor',
    onServerClock: ({ serverDate, sentAt, receivedAt }) =>
      clock.push(serverDate - (sentAt + receivedAt) / 2),
  })
  try {
    const banks = await client.listBanks()
    add({
      id: 'banks',
      title: 'Bank list',
      status: 'ok',
      summary: `answered with ${banks.length} banks (no key needed).`,
    })
  } catch (error) {
    add({
      id: 'banks',
      title: 'Bank list',
      status: 'failed',
      summary: words(error),
      ...fixOf(error),
    })
  }

  const key = await input.getApiKey()
  if (!key)
    add({
      id: 'key',
      title: 'API key',
      status: 'failed',
      summary: `No API key is set for this registry. ${(input.fixes ?? NEUTRAL_FIXES).apiKey}`,
      fix: 'api_key',
    })
  else
    try {
      const page = await client.listSubmissions({ page: 1, limit: 1 })
      add({
        id: 'key',
        title: 'API key',
        status: 'ok',
        summary: `accepted (one keyed call: the organization's submissions, ${page.meta.total} in all).`,
      })
    } catch (error) {
      add({ id: 'key', title: 'API key', status: 'failed', summary: words(error), ...fixOf(error) })
    }

  const offset = clock.length ? clock.reduce((a, b) => a + b, 0) / clock.length : null
  add(
    offset === null
      ? {
          id: 'clock',
          title: 'Clock',
          status: 'skipped',
          summary: 'the registry gave no time to compare with.',
        }
      : Math.abs(offset) < CLOCK_TOLERANCE_MS
        ? {
            id: 'clock',
            title: 'Clock',
            status: 'ok',
            summary: "this computer's clock agrees with the registry's.",
          }
        : {
            id: 'clock',
            title: 'Clock',
            status: 'warning',
            summary: `this computer's clock is ${duration(offset)} ${offset > 0 ? 'behind' : 'ahead of'} the registry's. Casefile goes by the registry's time for what the registry stamps, but set the clock right (time zone West Africa Time, Lagos).`,
          },
  )

  add(
    await checkUpdateFeed(
      input.updateFeedUrl,
      { ...input.network, resolveProxy },
      timeoutMs,
      words,
    ),
  )
  return {
    at: new Date(now()).toISOString(),
    checks,
    ok: checks.every((c) => c.status !== 'failed'),
  }
}

/**
 * Whether the update feed answers at all through the same proxy and certificates. It never
 * blocks work (only updates wait for it), so it is at worst a warning: a bank that blocks
 * GitHub gets exit 0 from the doctor, with the warning line for IT.
 */
async function checkUpdateFeed(
  url: string,
  network: NetworkSettings,
  timeoutMs: number,
  words: (error: unknown) => string,
): Promise<ConnectionCheck> {
  const agent = new RegistryAgent({
    resolveProxy: network.resolveProxy ?? environmentProxyResolver(),
    trust: () => loadTrustStores({ extraCaPems: network.extraCaPems }),
    connectTimeoutMs: timeoutMs,
  })
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const request = https.request(
        url,
        { method: 'HEAD', agent, timeout: timeoutMs },
        (answer) => {
          answer.resume()
          resolve(answer.statusCode ?? 0)
        },
      )
      request.on('timeout', () =>
        request.destroy(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })),
      )
      request.on('error', reject)
      request.end()
    })
    return {
      id: 'updates',
      title: 'Update feed',
      status: status > 0 && status < 500 ? 'ok' : 'warning',
      summary: `${new URL(url).origin} answered (HTTP ${status}).`,
    }
  } catch (error) {
    return {
      id: 'updates',
      title: 'Update feed',
      status: 'warning',
      summary:
        `${new URL(url).origin} cannot be reached: ${words(error)} Installed copies will not update until IT lets it through.`.replace(
          /\.\. /,
          '. ',
        ),
    }
  } finally {
    agent.destroy()
  }
}

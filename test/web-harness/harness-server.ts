import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import type { Core } from '../../src/core/open-core'
import { openCore } from '../../src/core/open-core'
import type { RetryPolicy } from '../../src/core/sync/retry-policy'
import { ApiKeyStore, ProxyCredentialStore } from '../../src/core/secrets'
import {
  profileDataDir,
  profileKeyAccount,
  SettingsStore,
  settingsFilePath,
} from '../../src/core/settings'
import type { Settings } from '../../src/core/settings'
import type { AppCoreProfile } from '../../src/shared/app-core'
import { CoreHost, delegateWorkHandlers } from '../../src/main/core-host/core-host'
import { forkCoreFromSource } from '../../src/main/core-host/fork-core'
import { createProcessAppCore } from '../../src/main/core-host/process-app-core'
import { callContract, isContractMethod } from '../../src/shared/call-contract'
import { createShellHandlers } from '../../src/main/ipc/contract-handlers'
import type { ConfirmDialog } from '../../src/main/security/confirmations'
import { createAppUpdates } from '../../src/main/update/app-updates'
import { createUpdateHandlers } from '../../src/main/update/update-handlers'
import { createEventPusher, type EventTarget } from '../../src/main/ipc/push-events'
import { createNetworkHandlers } from '../../src/main/network/network-handlers'
import { createFileHandlers } from '../../src/main/files/file-handlers'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'
import { contract, eventContract, type ContractHandlers } from '../../src/shared/contracts'
import { type ProfileId } from '../../src/shared/contracts/shell'
import { answerBar, BAR_SCRIPT, BAR_STYLE, saveInto, withBar } from './harness-bar-routes'
import { memorySecretBackend } from './memory-secret-backend'
import { repoRoot } from './repo-root'

export interface HarnessOptions {
  /** The built renderer (index.html and assets). */
  rendererDir: string
  port?: number
  /** The app's user-data folder; a fresh temp folder when absent. */
  userDataDir?: string
  /** Faster retries for tests; the core's default otherwise. */
  retryPolicy?: RetryPolicy
  /**
   * What main's native confirmations would answer (a registry address, a key set, replaced or
   * removed, the update channel, an install): yes unless told, as a person pressing the dialog's
   * first button. Each one asked is kept in `confirmations` for the journeys to check.
   */
  confirm?: boolean
  timeoutMs?: number
  /**
   * Where the core process finds the folders' keys: given to it (CASEFILE_DB_KEY, the default,
   * touching no keychain), or the OS keychain as in the app (the lost-key journeys).
   */
  folderKeys?: 'given' | 'keychain'
  /** What main's open dialog would answer when asked for a folder key file (null: closed). */
  chooseKeyFile?: () => string | null
  /** What main's open dialog would answer when asked for the organization's CA file (null: closed). */
  chooseCaFile?: () => string | null
  /** What main's save dialog would answer, given the name it suggests (null: closed). */
  chooseSavePath?: (suggestedName: string) => string | null
  /**
   * Unless `chooseSavePath` is given: every save dialog "saves" into this folder under the name
   * it suggests (" (2)" added rather than replacing a file), written 0600 as in the app.
   */
  saveDir?: string
  /** The harness's own bar below the app (`npm run dev:web`): the registry online or offline, where saves go. */
  bar?: boolean
  /** Starts with the sandbox registry down, as `npm run dev:web --offline`. */
  offline?: boolean
  /** Told each file saved into `saveDir` (its path), e.g. to print it. */
  onSaved?: (path: string) => void
  /** Added to the core process's environment (a bench's probe, loaded by NODE_OPTIONS). */
  coreEnv?: NodeJS.ProcessEnv
  /** Starts the sandbox registry (and again after registryDown); in this process unless given. */
  startSandbox?: (options: { port: number; dataDir: string }) => Promise<RunningSandbox>
}

export interface Harness {
  url: string
  userDataDir: string
  sandbox: () => RunningSandbox
  /** A second core on the active profile's data folder, for the tests' own checks (never syncs on its own). */
  core: () => Core
  /** Stops the sandbox registry, keeping its port and data: requests get "connection refused". */
  registryDown: () => Promise<void>
  /** Starts it again on the same port over the same data. */
  registryUp: () => Promise<void>
  /** The folder save dialogs write into (null: they answer cancel, or as `chooseSavePath` says). */
  saveDir: string | null
  /** Main's confirmations asked so far (their words), oldest first, each answered as `confirm` says. */
  confirmations: () => ConfirmDialog[]
  stop: () => Promise<void>
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
}
const BRIDGE_PATH = '/harness-bridge.js'

/** Revives the bridge's { $bytes: base64 } wrappers into the Uint8Array the contract expects. */
function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive)
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    if (typeof record.$bytes === 'string' && Object.keys(record).length === 1)
      return new Uint8Array(Buffer.from(record.$bytes, 'base64'))
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, revive(v)]))
  }
  return value
}

/** The answer's bytes (an attachment for the viewer) as { $bytes: base64 }, which the bridge revives. */
function encodeBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') }
  if (Array.isArray(value)) return value.map(encodeBytes)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeBytes(v)]))
  return value
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The web test harness: serves the built renderer with a page-side bridge injected, and answers
 * every contract call over HTTP (POST /api/<method>) through callContract — the same parse, run
 * and check as Electron's IPC — over the real core in its own process (CoreHost and the process core, as in the app) and
 * the real shell handlers (settings file, ApiKeyStore), with a real sandbox registry behind it.
 * Pushed events go to the page as Server-Sent Events (GET /api/events).
 */
export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'casefile-web-'))
  const sandboxDir = join(userDataDir, 'sandbox-registry')
  const launchSandbox = options.startSandbox ?? startSandbox
  let sandbox = await launchSandbox({ port: 0, dataDir: sandboxDir })
  const sandboxPort = Number(new URL(sandbox.baseUrl).port)
  let registryUp = true

  const keys = new ApiKeyStore({ backend: memorySecretBackend() })
  const { store: settings } = await SettingsStore.open(settingsFilePath(userDataDir))

  const sseClients = new Set<ServerResponse>()
  const channelToEvent = new Map<string, string>(
    Object.entries(eventContract).map(([name, spec]) => [spec.channel, name]),
  )
  const targets = (): EventTarget[] =>
    [...sseClients].map((response) => ({
      isDestroyed: () => response.destroyed,
      send: (channel, payload) =>
        void response.write(
          `data: ${JSON.stringify({ event: channelToEvent.get(channel), payload })}\n\n`,
        ),
    }))
  const push = createEventPusher(targets, (error) => console.error('[harness]', error.message))

  // The core runs in its own process, as in the app (a forked child here, Electron's
  // utilityProcess there), behind the same router: CoreHost, the process core's protocol, and the
  // contract checked on both hops. Its registry is the harness's sandbox, which the journeys can
  // take down and bring back (the app's Sandbox profile starts its own inside the core process).
  // The folders are encrypted as in the app; their key is given to the core process the way a
  // machine with no keychain gives it (CASEFILE_DB_KEY), so the harness touches no keychain.
  const folderKey = randomBytes(32)
  const coreEnv = {
    ...options.coreEnv,
    CASEFILE_DB_KEY: options.folderKeys === 'keychain' ? '' : folderKey.toString('hex'),
  }
  const cores = new CoreHost({
    createCore: (profile) => createProcessAppCore(profile, forkCoreFromSource(coreEnv)),
    onEvent: (event, payload) => push(event, payload),
    onStatus: (status) => push('coreStatus', status),
  })
  const workHandlers = delegateWorkHandlers(() => cores.workHandlers())
  const profileFor = (current: Settings, id: ProfileId): AppCoreProfile => ({
    id,
    dataDir: profileDataDir(userDataDir, id),
    registry:
      id === 'registry' && current.registry
        ? current.registry
        : { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    getApiKey: async () => {
      const account = profileKeyAccount(current, id)
      const key = account === null ? null : await keys.getKey(account)
      return key ?? (id === 'sandbox' ? (sandbox.demoKeys[0]?.key ?? null) : null)
    },
    tuning: {
      ...(options.retryPolicy ? { retryPolicy: options.retryPolicy } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    },
    // No Electron here, so no resolveProxy: the core process reads HTTPS_PROXY and the like.
    ...(id === 'registry' && current.registryCaFile ? { caFile: current.registryCaFile } : {}),
  })
  // As the app does: a folder that will not open is told to the window, which offers ways out.
  await cores
    .start(profileFor(settings.current, settings.current.activeProfile))
    .catch(() => undefined)

  /**
   * For the tests' own checks: a second core on the active profile's folder, as the CLI would
   * open beside the app (SQLite in WAL mode, one sender at a time by the lease). It never syncs
   * on its own.
   */
  let inspector: Core | null = null
  const inspect = () => {
    const active = settings.current.activeProfile
    const dataDir = profileDataDir(userDataDir, active)
    if (inspector?.dataDir !== dataDir) {
      void inspector?.close()
      const profile = profileFor(settings.current, active)
      inspector = openCore({
        dataDir,
        folderKey,
        connection: profile.registry ?? { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
        getApiKey: async () => (await profile.getApiKey()) ?? undefined,
        retryPolicy: options.retryPolicy,
        timeoutMs: options.timeoutMs,
      })
    }
    return inspector
  }

  const asked: ConfirmDialog[] = []
  const confirm = async (words: ConfirmDialog) => {
    asked.push(words)
    return options.confirm ?? true
  }
  const shellHandlers = createShellHandlers({
    appInfo: () => ({
      name: 'Casefile',
      version: '0.1.0 (web harness)',
      platform: process.platform,
      versions: { node: process.versions.node },
    }),
    keys,
    settings,
    cores,
    profileFor,
    push,
    // Stands in for main's native dialogs, which a page in Chromium cannot show or answer: it
    // answers as a person pressing the first button would (or as told), and keeps the words.
    confirm,
    // Stands in for main's open dialog, likewise.
    chooseKeyFile: async () => options.chooseKeyFile?.() ?? null,
  })
  // A development build, as the harness is: Settings shows why it does not update itself.
  const { updates } = createAppUpdates({
    env: { isPackaged: false, platform: process.platform, appImage: undefined },
    currentVersion: '0.1.0',
    prefs: settings.current.updates,
    online: true,
    backend: () => {
      throw new Error('A development build has no update backend.')
    },
    onChange: (view) => push('updateChanged', view),
    onError: (error) => console.error('[harness]', error.message),
  })
  const updateHandlers = createUpdateHandlers({ updates, settings, confirm })
  const networkHandlers = createNetworkHandlers({
    settings,
    cores,
    profileFor,
    proxyCredentials: new ProxyCredentialStore(keys),
    // Stands in for main's open dialog, likewise.
    chooseCaFile: async () => options.chooseCaFile?.() ?? null,
  })
  // Stands in for main's save dialog, likewise: as told, else into the save folder, else cancel.
  const saveDir = options.chooseSavePath ? null : (options.saveDir ?? null)
  const intoSaveDir = saveDir === null ? null : saveInto(saveDir)
  const savingHandlers = createFileHandlers({
    work: () => cores.workHandlers(),
    chooseSavePath: async (suggestedName) => {
      if (options.chooseSavePath) return options.chooseSavePath(suggestedName)
      return intoSaveDir ? intoSaveDir(suggestedName) : null
    },
  })
  // Each file written into the save folder is told (by its name in the handler's answer), once
  // it is there.
  const fileHandlers = Object.fromEntries(
    Object.entries(savingHandlers).map(([method, handler]) => [
      method,
      async (input: never) => {
        const answer = (await (handler as (input: never) => Promise<unknown>)(input)) as {
          saved?: boolean
          fileName?: string | null
        }
        if (saveDir && answer.saved && answer.fileName)
          options.onSaved?.(join(saveDir, answer.fileName))
        return answer
      },
    ]),
  ) as typeof savingHandlers
  const handlers = {
    ...workHandlers,
    ...shellHandlers,
    ...updateHandlers,
    ...networkHandlers,
    ...fileHandlers,
  } as unknown as ContractHandlers

  const manifest = JSON.stringify({
    methods: Object.keys(contract),
    events: Object.keys(eventContract),
  })
  const bridge = `window.__CASEFILE_HARNESS__ = ${manifest};\n${readFileSync(join(repoRoot(), 'test', 'web-harness', 'harness-bridge.js'), 'utf8')}`
  const appHtml = readFileSync(join(options.rendererDir, 'index.html'), 'utf8').replace(
    '<script type="module"',
    `<script src="${BRIDGE_PATH}"></script>\n    <script type="module"`,
  )
  const indexHtml = options.bar ? withBar(appHtml) : appHtml
  const barFiles: Record<string, [string, string]> = {
    [BAR_SCRIPT]: ['text/javascript; charset=utf-8', 'harness-bar.js'],
    [BAR_STYLE]: ['text/css; charset=utf-8', 'harness-bar.css'],
  }
  // One change at a time (the bar's switch pressed twice quickly): each waits for the last.
  let switching = Promise.resolve()
  const setOnline = (online: boolean) =>
    (switching = switching
      .catch(() => undefined)
      .then(async () => {
        if (online && !registryUp) {
          sandbox = await launchSandbox({ port: sandboxPort, dataDir: sandboxDir })
          registryUp = true
          cores.connectivityChanged(true)
        } else if (!online && registryUp) {
          registryUp = false
          await sandbox.stop()
        }
      }))
  if (options.offline) await setOnline(false)

  // Any page open in the same browser can send requests to 127.0.0.1. The harness answers only
  // its own address (a rebound DNS name is refused), and runs the contract only for JSON, which
  // a page of another origin cannot post without a preflight the harness never answers: with a
  // save folder, a call saves files.
  let listening = 0
  const ownHost = (host: string | undefined) =>
    host === `127.0.0.1:${listening}` || host === `localhost:${listening}`
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://harness').pathname
    if (!ownHost(request.headers.host)) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('Not this harness.')
      return
    }
    try {
      if (path === '/api/events') {
        response.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-store',
          connection: 'keep-alive',
        })
        response.write(': connected\n\n')
        sseClients.add(response)
        request.on('close', () => sseClients.delete(response))
        return
      }
      if (path.startsWith('/api/') && request.method === 'POST') {
        const method = path.slice('/api/'.length)
        if (!isContractMethod(method)) {
          response.writeHead(404).end()
          return
        }
        if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
          response.writeHead(415, { 'content-type': 'text/plain' }).end('Send JSON.')
          return
        }
        const args = revive(JSON.parse((await readBody(request)) || '[]')) as unknown[]
        const result = await callContract(method, args, handlers, (m, error) => {
          // Expected while a journey keeps the registry down; the page gets the message anyway.
          if (process.env.CASEFILE_HARNESS_VERBOSE) console.error(`[harness] ${m} failed:`, error)
        })
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(encodeBytes(result)))
        return
      }
      if (
        options.bar &&
        (await answerBar(path, request, response, {
          state: () => ({ online: registryUp, saveDir }),
          setOnline,
        }))
      )
        return
      const barFile = options.bar ? barFiles[path] : undefined
      if (barFile) {
        const [type, name] = barFile
        const body = readFileSync(join(repoRoot(), 'test', 'web-harness', name))
        response.writeHead(200, { 'content-type': type }).end(body)
        return
      }
      if (path === BRIDGE_PATH) {
        response.writeHead(200, { 'content-type': MIME['.js'] }).end(bridge)
        return
      }
      if (path === '/' || path === '/index.html') {
        response.writeHead(200, { 'content-type': MIME['.html'] }).end(indexHtml)
        return
      }
      const file = normalize(join(options.rendererDir, path))
      if (!file.startsWith(options.rendererDir))
        throw Object.assign(new Error(), { code: 'ENOENT' })
      const body = readFileSync(file)
      response.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' })
      response.end(body)
    } catch (error) {
      const missing = (error as { code?: string }).code === 'ENOENT'
      if (!response.headersSent) response.writeHead(missing ? 404 : 500)
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  listening = port

  return {
    url: `http://127.0.0.1:${port}/`,
    userDataDir,
    saveDir,
    sandbox: () => sandbox,
    core: inspect,
    confirmations: () => [...asked],
    registryDown: () => setOnline(false),
    registryUp: () => setOnline(true),
    stop: async () => {
      for (const client of sseClients) client.end()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await cores.stop()
      await inspector?.close()
      if (registryUp) await sandbox.stop()
    },
  }
}

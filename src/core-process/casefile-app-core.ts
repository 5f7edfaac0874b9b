import { type Core, openCore } from '../core/open-core'
import {
  openDataFolder,
  defaultFolderKeySource,
  FolderKeyError,
  type FolderKeySource,
  importKeyForFolder,
  setFolderAside,
} from '../core/encryption/encryption'
import { forwardEngineEvents } from '../core/engine-events'
import { readCaFile, type NetworkSettings } from '../core/network/network'
import type { RegistryConnection } from '../core/registry/registry'
import { createWorkHandlers } from '../core/work-handlers'
import { startSandbox } from '../sandbox'
import type { AppCore, AppCoreEvents, AppCoreProfile } from '../shared/app-core'
import { CoreStartError } from '../shared/core-start-error'
import { EventHub } from '../shared/event-hub'
import * as Sync from '../core/sync/sync'
import * as Outbox from '../core/outbox/outbox'
import { jobView, onJobFinished, runOpenJobs } from '../core/screening/screening'
import { runWatchlist } from '../core/watchlist/watchlist'
import * as Banks from '../core/banks/banks'
import { displayIdentifierValue } from '../shared/domain/identifiers'

export interface SandboxRegistryHandle {
  baseUrl: string
  uploadUrl: string
  demoKey: string
  stop(): Promise<void>
}
export type StartSandboxRegistry = (dataDir: string) => Promise<SandboxRegistryHandle>

/** The Sandbox profile's registry: the sandbox server on a free loopback port, its first demo organization's key. */
export const startSandboxRegistry: StartSandboxRegistry = async (dataDir) => {
  const sandbox = await startSandbox({ port: 0, dataDir })
  const demo = sandbox.demoKeys[0]
  if (!demo) throw new Error('The sandbox registry started without a demo organization.')
  return {
    baseUrl: sandbox.baseUrl,
    uploadUrl: sandbox.uploadUrl,
    demoKey: demo.key,
    stop: () => sandbox.stop(),
  }
}

/**
 * The app's core for one profile: Casefile's core (store, outbox, sync, caches) over the
 * profile's data folder, and for the Sandbox profile the sandbox registry it talks to. No
 * Electron here: the shell wires it, tests run it under Node.
 */
export function createCasefileAppCore(
  profile: AppCoreProfile,
  startRegistry: StartSandboxRegistry = startSandboxRegistry,
  folderKeys: FolderKeySource = defaultFolderKeySource(),
): AppCore {
  const events = new EventHub<AppCoreEvents>()
  let core: Core | null = null
  // The screening jobs left unfinished (a crash, a restart) run while the app is open.
  let screening: { stop(): Promise<void> } | null = null
  // The watchlist's checks, while the app is open.
  let watchlist: { stop(): Promise<void> } | null = null
  let sandbox: SandboxRegistryHandle | null = null
  // What this core sends with, for Settings → Check connection (set once it has started).
  let started: {
    connection: RegistryConnection
    network: NetworkSettings
    getApiKey: () => Promise<string | undefined>
  } | null = null
  const work = createWorkHandlers(
    () => {
      if (!core)
        throw new Error(
          "Casefile's core is not running (it is starting, switching profile or stopping): try again in a moment.",
        )
      return core
    },
    {
      connectionCheck: () => {
        if (!started) throw new Error("Casefile's core is not running: try again in a moment.")
        return { ...started, timeoutMs: profile.tuning?.timeoutMs }
      },
      // The keychain the folder's key is read from holds the signing key `signing-key create` made.
      signingKeychain: () => folderKeys.keychain,
    },
  )

  return {
    events,
    get work() {
      return core ? work : null
    },
    async start() {
      // The way out of a lost key the person chose, if any, before the folder is opened.
      if (profile.recover) await recoverFolder(profile, folderKeys)
      // First the folder's key (and, once, the move of a plain folder to encrypted): with no
      // key or a wrong one this throws, saying so, before anything else starts.
      const { key: folderKey } = await openDataFolder(profile.dataDir, folderKeys).catch(
        (error: unknown) => {
          throw error instanceof FolderKeyError
            ? new CoreStartError(error.message, error.problem)
            : error
        },
      )
      let connection = profile.registry
      let demoKey: string | null = null
      if (!connection) {
        if (!profile.sandboxRegistryDir)
          throw new Error(`The ${profile.id} profile has no registry address.`)
        sandbox = await startRegistry(profile.sandboxRegistryDir)
        connection = { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl }
        demoKey = sandbox.demoKey
      }
      // A key set for the profile wins; the Sandbox falls back to its demo organization's.
      const getApiKey = async () => (await profile.getApiKey()) ?? demoKey ?? undefined
      const network: NetworkSettings = {
        // The computer's proxy (main asks Chromium) in the app; the environment's under Node.
        ...(profile.resolveProxy ? { resolveProxy: profile.resolveProxy } : {}),
        extraCaPems: organizationCaPems(profile),
      }
      const casefile = openCore({
        dataDir: profile.dataDir,
        folderKey,
        connection,
        getApiKey,
        network,
        userAgent: 'Casefile-Desktop',
        autoSync: true,
        // The app's own sandbox moves to a new loopback port at each start: it is the same registry.
        acceptOriginChange: profile.acceptOriginChange === true || sandbox !== null,
        retryPolicy: profile.tuning?.retryPolicy,
        timeoutMs: profile.tuning?.timeoutMs,
        uploadTimeoutMs: profile.tuning?.timeoutMs,
      })
      // AppCoreEvents is EventPayload per name; TypeScript cannot see that through the generic.
      forwardEngineEvents(casefile, (event, payload) =>
        events.emit(event, payload as AppCoreEvents[typeof event]),
      )
      // The registry answering again after it could not be reached (a search, a refresh) is the
      // way back for what waits on it, whether or not the OS ever saw the network go: what waited
      // is sent now, not at its next try ("cannot be reached… in 46 seconds" under "Online").
      let reach = casefile.reachability.current().state
      casefile.reachability.onChange(({ state }) => {
        if (state === 'online' && reach === 'unreachable') Sync.connectivityChanged(casefile, true)
        reach = state
      })
      // The window's searches and Insights read on a thread of their own from the first one.
      void casefile.reader.warmUp()
      core = casefile
      started = { connection, network, getApiKey }
      screening = runOpenJobs(casefile)
      // A job that ends in the background is news for a person elsewhere (main's notification).
      const offFinished = onJobFinished(casefile, (jobId) => {
        const { job, file, totals } = jobView(casefile, jobId)
        events.emit('screeningFinished', { job, file, totals })
      })
      const jobs = screening
      screening = {
        async stop() {
          offFinished()
          await jobs.stop()
        },
      }
      watchlist = runWatchlist(casefile, {
        // Alerts raised while the app is open are news for a person elsewhere (main's notification).
        onAlerts: (alerts) =>
          events.emit('watchAlertsRaised', {
            alerts: alerts.map(({ kind, type, value }) => ({
              kind,
              type,
              value: displayIdentifierValue(type, value, (slug) => Banks.bankName(casefile, slug)),
            })),
          }),
      })
      const outbox = Outbox.outbox(casefile)
      events.emit('outboxChanged', {
        pending: outbox.pending,
        needsAttention: outbox.counts.needs_attention,
        pendingReports: outbox.pendingReports,
      })
    },
    async stop() {
      const running = core
      core = null
      started = null
      await screening?.stop()
      screening = null
      await watchlist?.stop()
      watchlist = null
      await running?.close()
      const registry = sandbox
      sandbox = null
      await registry?.stop()
    },
    keyChanged() {
      if (core) Sync.resumeAfterKeyChange(core)
    },
    connectivityChanged(value) {
      if (core) Sync.connectivityChanged(core, value)
    },
  }
}

/**
 * The organization's CA file, read at each start. One that cannot be read (moved, emptied, not a
 * certificate) does not stop the core: it starts with the computer's store and the bundled roots,
 * says why in the log, and Settings shows the problem when it reads the file again.
 */
function organizationCaPems(profile: AppCoreProfile): string[] {
  if (!profile.caFile) return []
  try {
    return readCaFile(profile.caFile).pems
  } catch (error) {
    console.error(
      `[core] the organization's CA file is not used: ${error instanceof Error ? error.message : String(error)}`,
    )
    return []
  }
}

/** Takes the profile's `recover`: a failure says what went wrong and changes nothing. */
async function recoverFolder(profile: AppCoreProfile, folderKeys: FolderKeySource): Promise<void> {
  const recover = profile.recover
  try {
    if (recover?.action === 'importKey')
      await importKeyForFolder(profile.dataDir, recover.exportText, recover.passphrase, folderKeys)
    else if (recover?.action === 'setAside') setFolderAside(profile.dataDir, recover.target)
  } catch (error) {
    throw new CoreStartError(
      (error as Error).message,
      error instanceof FolderKeyError ? error.problem : undefined,
      true,
    )
  }
}

import type { z } from 'zod'
import type { EventPayload } from './contracts'
import type { ProfileId } from './contracts/shell'
import type { WorkHandlers } from './contracts/work'
import type { CoreProfile, proxyChoiceSchema } from './core-protocol'
import type { EventHub } from './event-hub'

/**
 * THE SEAM between the Electron shell and Casefile's core (src/core): everything the shell
 * needs from the core, and no more. The shell starts one AppCore for the active connection
 * profile when the app is ready, replaces it when the profile changes, and stops it before
 * the app quits. Both ends of the core process implement it: main's forwarding end
 * (src/main/core-host/process-app-core.ts) and the core itself in that process
 * (src/core-process/casefile-app-core.ts).
 */
export interface AppCore {
  /** Opens the profile's store and starts syncing; resolves once it is running. */
  start(): Promise<void>
  /** Stops syncing (letting in-flight requests finish or be recorded) and closes the store. */
  stop(): Promise<void>
  /** This profile's API key was set, replaced or removed: lift a pause the old key caused. */
  keyChanged(): void
  /** The OS says the network came back (or went): send what waited. */
  connectivityChanged(online: boolean): void
  /** What the shell forwards to the window (and to notifications). */
  readonly events: Pick<EventHub<AppCoreEvents>, 'on'>
  /**
   * The work channels' handlers (drafts, outbox, search, …: src/core/work-handlers.ts) while it
   * runs: forwarded to the core process in main (process-app-core.ts), over Casefile's core in
   * that process (casefile-app-core.ts). Null otherwise: those channels say it is not running.
   */
  readonly work: WorkHandlers | null
  /**
   * Told when the core stops without being asked to (its process crashed or was killed), with
   * what is known of why; the host then reports it and starts the core again. Returns the unsubscribe.
   */
  onCrash?(listener: (detail: string) => void): () => void
}

/**
 * The core's events: each is pushed to the renderer on the EVENT_CHANNELS entry of the same
 * name, with the payload the contract gives it. syncFinished (a run ended) also drives the
 * native notification.
 */
export const APP_CORE_EVENTS = [
  'onlineChanged',
  'outboxChanged',
  'syncFinished',
  'operationChanged',
  'uploadProgress',
  'screeningFinished',
  'watchAlertsRaised',
] as const
export type AppCoreEvents = { [E in (typeof APP_CORE_EVENTS)[number]]: EventPayload<E> }

/** Everything a core needs to know about the profile it runs for. */
export interface AppCoreProfile {
  id: ProfileId
  /** The profile's own data folder (profileDataDir): store, outbox, attachments. */
  dataDir: string
  /** The registry's addresses; null for the sandbox profile, whose registry the core starts. */
  registry: { baseUrl: string; uploadUrl: string } | null
  /** Reads the profile's key from the keychain (or the session's memory) on each call. */
  getApiKey: () => Promise<string | null>
  /** For the sandbox profile: where its own sandbox registry keeps its data; null otherwise. */
  sandboxRegistryDir?: string | null
  /**
   * The user confirmed, in main's dialog, that work queued for the previous registry may go to
   * this one; without it a data folder opened with a new registry while work waits stays paused.
   */
  acceptOriginChange?: boolean
  /** A way out of a lost folder key (an imported key, or the folder set aside), taken before it opens. */
  recover?: CoreProfile['recover']
  /** Quicker retries and timeouts (the web harness's journeys); the core's defaults otherwise. */
  tuning?: CoreProfile['tuning']
  /**
   * The computer's proxy for a URL (main's osProxyResolver over Chromium's resolveProxy, with
   * the keychain's credentials): a ProxyResolver (src/core/network/proxy-choice.ts), typed here
   * by what crosses the process boundary. Absent under plain Node: the core reads the
   * environment, as the CLI does.
   */
  resolveProxy?: (url: string) => Promise<z.output<typeof proxyChoiceSchema>>
  /** The organization's extra CA file, read by the core at start (the Registry profile's setting). */
  caFile?: string
}

export type CreateAppCore = (profile: AppCoreProfile) => AppCore

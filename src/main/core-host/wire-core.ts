import type { ProfileId } from '../../shared/contract'
import { createStandInCore, type CreateAppCore } from './app-core'

/**
 * SEAM 1 — the core. Replace the stand-in with a factory over src/core's CasefileCore:
 *
 *   createAppCore = (profile) => ({
 *     start: for the sandbox profile, SEAM 2 first; then new CasefileCore({ dataDir: profile.dataDir,
 *            connection, getApiKey, autoSync: true }),
 *     stop: core.close(), then the sandbox's stop(),
 *     keyChanged: core.resumeAfterKeyChange(),
 *     casefile: the CasefileCore once started (the work channels call it),
 *     events: the engine's online / outbox / end-of-run events, mapped to AppCoreEvents,
 *   })
 */
export const createAppCore: CreateAppCore = createStandInCore

/**
 * SEAM 2 — the sandbox registry the Sandbox profile talks to. To wire: `startSandbox({ port: 0,
 * dataDir })` from src/sandbox (dataDir = sandboxRegistryDataDir(userData)), taking baseUrl,
 * uploadUrl, the first demo key and stop() from what it returns. The sandbox profile's key is
 * the one in the keychain if someone set one, else this demo key.
 */
export interface SandboxRegistryHandle {
  baseUrl: string
  uploadUrl: string
  demoKey: string
  stop(): Promise<void>
}
export type StartSandboxRegistry = (dataDir: string) => Promise<SandboxRegistryHandle>

export const startSandboxRegistry: StartSandboxRegistry = async () => {
  throw new Error(
    'The sandbox registry is not wired into the app yet (src/main/core-host/wire-core.ts, SEAM 2).',
  )
}

/** Only the sandbox profile starts a registry of its own. */
export const needsSandboxRegistry = (profileId: ProfileId): boolean => profileId === 'sandbox'

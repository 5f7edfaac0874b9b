import { basename, dirname, resolve } from 'node:path'
import { CasefileCore } from '../core/casefile-core'
import { defaultUserDataDir, readConnection } from '../core/data-folder'
import { createKeychainKeyStore } from '../core/secrets'
import { profileDataDir, readSettingsFile, settingsFilePath } from '../core/settings'
import { PROFILE_IDS, type ProfileId } from '../shared/contract'
import { CliError } from './cli-error'
import type { CliIo } from './cli-io'

export interface GlobalOptions {
  dataDir?: string
  json: boolean
}

export interface CliEnvironment {
  io: CliIo
  env: NodeJS.ProcessEnv
  /** Reads the API key of a profile from the OS keychain (null when none); the real keychain by default. */
  readKeychain?: (profileId: string) => Promise<string | null>
}

export interface Connection {
  profileId: string
  baseUrl: string
  uploadUrl: string
}

const isProfileId = (value: string | undefined): value is ProfileId =>
  (PROFILE_IDS as readonly string[]).includes(value ?? '')

/**
 * The data folder: --data-dir, else the desktop app's folder of a profile: CASEFILE_PROFILE,
 * else the profile the app has active (its settings.json), else sandbox.
 */
export async function resolveDataDir(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  if (options.dataDir) return resolve(options.dataDir)
  const userData = defaultUserDataDir(env)
  const chosen = env['CASEFILE_PROFILE']
  if (chosen !== undefined && !isProfileId(chosen))
    throw new CliError(
      `CASEFILE_PROFILE="${chosen}" is not a profile: use ${PROFILE_IDS.join(' or ')}.`,
    )
  const profile =
    chosen ?? (await readSettingsFile(settingsFilePath(userData))).settings.activeProfile
  return profileDataDir(userData, profile)
}

/**
 * The registry a data folder syncs with: its connection.json (casefile config set), else, for
 * the desktop app's Registry profile folder, the addresses set in the app.
 */
export async function resolveConnection(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<Connection | null> {
  const own = readConnection(dataDir)
  if (own) return own
  const userData = defaultUserDataDir(env)
  if (
    resolve(dataDir) === resolve(profileDataDir(userData, 'registry')) &&
    basename(dirname(dataDir)) === 'profiles'
  ) {
    const { settings } = await readSettingsFile(settingsFilePath(userData))
    if (settings.registry) return { profileId: 'registry', ...settings.registry }
  }
  return null
}

export async function requireConnection(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<Connection> {
  const connection = await resolveConnection(dataDir, env)
  if (!connection)
    throw new CliError(
      `No registry is set for ${dataDir}. Run: casefile config set --base-url URL --upload-url URL --data-dir ${dataDir}\n` +
        "(The desktop app's Sandbox profile starts its registry on a new port each time: for the CLI, run `casefile sandbox` and point a data folder at it.)",
    )
  return connection
}

/** Opens the core of the data folder, with the key from CASEFILE_API_KEY or the keychain (never from disk). */
export async function openCliCore(
  options: GlobalOptions,
  environment: CliEnvironment,
): Promise<CasefileCore> {
  const dataDir = await resolveDataDir(options, environment.env)
  const connection = await requireConnection(dataDir, environment.env)
  const fromEnv = environment.env['CASEFILE_API_KEY']?.trim()
  const readKeychain =
    environment.readKeychain ?? ((profileId: string) => createKeychainKeyStore().getKey(profileId))
  return new CasefileCore({
    dataDir,
    connection: { baseUrl: connection.baseUrl, uploadUrl: connection.uploadUrl },
    userAgent: 'Casefile-CLI',
    getApiKey: async () => fromEnv || ((await readKeychain(connection.profileId)) ?? undefined),
  })
}

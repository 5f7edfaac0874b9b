import { statSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { ConnectionFileError, defaultUserDataDir, readConnection } from '../core/data-folder'
import { checkFolderNotNewer } from '../core/store/store'
import type { ProfileId } from '../shared/registry-address'
import { CliError } from './cli-error'
import type { GlobalOptions } from './command-line-spec'
import { connectionFileSaid } from './core-words'

export interface Connection {
  profileId: ProfileId
  baseUrl: string
  uploadUrl: string
  caFile?: string
}

const PROFILES = ['sandbox', 'registry'] as const

/** Loaded only when the desktop app's folders are used (no --data-dir): the settings bring zod. */
const settingsModule = () => import('../core/settings')

/**
 * The data folder: --data-dir, else the desktop app's folder of a profile: CASEFILE_PROFILE,
 * else the profile the app has active (its settings.json), else sandbox.
 */
export async function resolveDataDir(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  if (options.dataDir !== undefined) {
    if (options.dataDir.trim() === '')
      throw new CliError('--data-dir is empty: give the folder, e.g. --data-dir ./cases.')
    const dataDir = resolve(options.dataDir)
    const stat = statSync(dataDir, { throwIfNoEntry: false })
    if (stat && !stat.isDirectory())
      throw new CliError(
        `--data-dir ${dataDir} is a file, not a folder. Give a folder (a new one is created).`,
      )
    return dataDir
  }
  const userData = defaultUserDataDir(env)
  const chosen = env['CASEFILE_PROFILE']
  if (chosen !== undefined && !(PROFILES as readonly string[]).includes(chosen))
    throw new CliError(
      `CASEFILE_PROFILE="${chosen}" is not a profile: use ${PROFILES.join(' or ')}.`,
    )
  const { profileDataDir, readSettingsFile, settingsFilePath } = await settingsModule()
  const profile =
    (chosen as (typeof PROFILES)[number] | undefined) ??
    (await readSettingsFile(settingsFilePath(userData))).settings.activeProfile
  return profileDataDir(userData, profile)
}

/** connection.json of the folder; a damaged one is a message saying how to fix it. */
function ownConnection(dataDir: string): Connection | null {
  // A newer Casefile's folder is refused before its connection.json is judged.
  checkFolderNotNewer(dataDir)
  try {
    return readConnection(dataDir)
  } catch (error) {
    if (error instanceof ConnectionFileError) throw new CliError(connectionFileSaid(error))
    throw error
  }
}

/**
 * The registry a data folder syncs with: its connection.json (casefile config set), else, for
 * the desktop app's Registry profile folder, the addresses set in the app.
 */
export async function resolveConnection(
  dataDir: string,
  env: NodeJS.ProcessEnv,
): Promise<Connection | null> {
  const own = ownConnection(dataDir)
  if (own) return own
  const userData = defaultUserDataDir(env)
  if (basename(dirname(dataDir)) !== 'profiles') return null
  const { profileDataDir, readSettingsFile, settingsFilePath } = await settingsModule()
  if (resolve(dataDir) === resolve(profileDataDir(userData, 'registry'))) {
    const { settings } = await readSettingsFile(settingsFilePath(userData))
    if (settings.registry)
      return {
        profileId: 'registry',
        ...settings.registry,
        // The organization's CA file chosen in the app's Settings serves the CLI on that folder too.
        ...(settings.registryCaFile ? { caFile: settings.registryCaFile } : {}),
      }
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

import { CasefileCore } from '../core/casefile-core'
import {
  defaultUserDataDir,
  profileDataDir,
  readConnection,
  type ConnectionFile,
} from '../core/data-folder'
import { CliError } from './cli-error'
import type { CliIo } from './cli-io'

export interface GlobalOptions {
  dataDir?: string
  json: boolean
}

export interface CliEnvironment {
  io: CliIo
  env: NodeJS.ProcessEnv
  /** Reads the API key of a profile from the OS keychain (undefined when none or no keychain). */
  readKeychain?: (profileId: string) => Promise<string | undefined>
}

/** The data folder: --data-dir, else the desktop app's folder of the profile (CASEFILE_PROFILE, default sandbox). */
export function resolveDataDir(options: GlobalOptions, env: NodeJS.ProcessEnv): string {
  return (
    options.dataDir ?? profileDataDir(defaultUserDataDir(env), env['CASEFILE_PROFILE'] ?? 'sandbox')
  )
}

export function requireConnection(dataDir: string): ConnectionFile {
  const connection = readConnection(dataDir)
  if (!connection)
    throw new CliError(
      `No registry is set for ${dataDir}. Run: casefile config set --base-url URL --upload-url URL${dataDir ? ` --data-dir ${dataDir}` : ''}`,
    )
  return connection
}

/** Opens the core of the data folder, with the key from CASEFILE_API_KEY or the keychain (never from disk). */
export function openCliCore(options: GlobalOptions, environment: CliEnvironment): CasefileCore {
  const dataDir = resolveDataDir(options, environment.env)
  const connection = requireConnection(dataDir)
  const fromEnv = environment.env['CASEFILE_API_KEY']?.trim()
  return new CasefileCore({
    dataDir,
    connection: { baseUrl: connection.baseUrl, uploadUrl: connection.uploadUrl },
    userAgent: 'Casefile-CLI',
    getApiKey: async () => fromEnv || (await environment.readKeychain?.(connection.profileId)),
  })
}

import { renameSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { z } from 'zod'
import { ensurePrivateDir, writePrivateFile } from './private-files'
import { readRegularFile, RegularFileError } from './regular-file'
import { CONNECTION_FILE_VERSION, connectionFileSchema } from '../shared/registry-address'
import { fileVersion, NewerCasefileError, newerCasefileWords } from './newer-casefile'

/**
 * Where the desktop app keeps its data: Electron's userData folder for an app named
 * "Casefile", computed the same way without Electron so the CLI finds the same folders.
 */
export function defaultUserDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (platform === 'win32')
    return join(env['APPDATA'] ?? join(homedir(), 'AppData', 'Roaming'), 'Casefile')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Casefile')
  return join(env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'Casefile')
}

/** The one address rule (src/shared/registry-address.ts): connection.json is read with it too. */
export { connectionFileSchema }

export type ConnectionFile = z.output<typeof connectionFileSchema>

const CONNECTION_FILE = 'connection.json'
/** Two addresses and a profile name: a few hundred bytes; anything near this is not ours. */
const CONNECTION_FILE_MAX_BYTES = 64 * 1024

/**
 * connection.json cannot be used. `wrong` names the file and what is wrong with it; the fix is
 * each front's to word (the CLI names `config set`: src/cli/core-words.ts), the message's own is
 * neutral.
 */
export class ConnectionFileError extends Error {
  override name = 'ConnectionFileError'
  constructor(readonly wrong: string) {
    super(`${wrong} Set the registry's address again to rewrite it.`)
  }
}

/** The registry a data folder syncs with, or null when none was set. */
export function readConnection(dataDir: string): ConnectionFile | null {
  const path = join(dataDir, CONNECTION_FILE)
  let json: unknown
  try {
    json = JSON.parse(readRegularFile(path, { maxBytes: CONNECTION_FILE_MAX_BYTES }).toString())
  } catch (error) {
    if (error instanceof RegularFileError && error.problem === 'missing') return null
    const why =
      error instanceof SyntaxError
        ? 'is not valid JSON'
        : error instanceof RegularFileError
          ? error.why
          : `cannot be read (${(error as Error).message})`
    throw new ConnectionFileError(`${path} ${why}.`)
  }
  // The version first: a newer Casefile's file is refused before a field of it is judged.
  const version = fileVersion(json, 'version')
  if (version !== undefined && version > CONNECTION_FILE_VERSION)
    throw new NewerCasefileError(
      newerCasefileWords(path, `connection file version ${version}`, `${CONNECTION_FILE_VERSION}`),
    )
  const parsed = connectionFileSchema.safeParse(json)
  if (!parsed.success)
    throw new ConnectionFileError(
      `${path} is not a valid connection file: ${parsed.error.issues.map((i) => i.message).join(' ')}`,
    )
  return parsed.data
}

/**
 * Writes the connection atomically (temp file + rename): a crash never leaves half a file. Keys
 * a later Casefile added (read with the rest) are written back untouched.
 */
export function writeConnection(
  dataDir: string,
  connection: z.input<typeof connectionFileSchema>,
): void {
  ensurePrivateDir(dataDir)
  const path = join(dataDir, CONNECTION_FILE)
  writePrivateFile(
    `${path}.tmp`,
    JSON.stringify(connectionFileSchema.parse(connection), null, 2) + '\n',
  )
  renameSync(`${path}.tmp`, path)
}

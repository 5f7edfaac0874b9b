import { randomBytes, randomUUID } from 'node:crypto'
import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { writePrivateFile } from '../private-files'
import { readRegularFile, RegularFileError } from '../regular-file'
import { keyringBackend, type SecretBackend } from '../secrets/index'
import { refuseNewerFolder, FOLDER_FILE, FOLDER_FILE_MAX_BYTES } from '../store/store'

/**
 * The key of a data folder: 32 random bytes made when the folder is created, kept in the OS
 * keychain under an account that names the folder (never on disk). A headless machine with no
 * keychain (a scheduled CLI on a server) may give it instead as 64 hex digits, in
 * CASEFILE_DB_KEY or in a file only its owner can read (--db-key-file).
 */
export { FOLDER_FILE }
export const DB_KEY_ENV = 'CASEFILE_DB_KEY'

export type FolderKeyProblem =
  /** The folder is encrypted and no key for it was found. */
  | 'missing'
  /** A key was found, but the folder does not open with it. */
  | 'wrong'
  /** A new key cannot be kept anywhere: no keychain, and none given. */
  | 'no-keychain'
  /** The key given in the environment or a file is not usable. */
  | 'bad-key'
  /** The database is neither plain SQLite nor a folder with a known key: damaged, or not ours. */
  | 'damaged'

/**
 * Why a data folder cannot be opened; the message says what to do, naming no command, option or
 * button. Nothing was changed. `keyToGive` is set where the key must be given by hand (no keychain
 * can keep a new one): why, before the words of where to give it, which each front says itself
 * (the CLI adds its --db-key-file: src/cli/core-words.ts).
 */
export class FolderKeyError extends Error {
  constructor(
    readonly problem: FolderKeyProblem,
    message: string,
    readonly keyToGive?: string,
  ) {
    super(message)
    this.name = 'FolderKeyError'
  }
}

export interface FolderKeySource {
  /** The OS keychain; null where there is none. */
  keychain: SecretBackend | null
  /** CASEFILE_DB_KEY's value, if set. */
  envKey?: string | undefined
  /** --db-key-file's path, if given. */
  keyFile?: string | undefined
}

/** The folder's identity: the keychain account its key is under survives a rename of the folder. */
export interface FolderIdentity {
  format: 1
  id: string
}

export const keychainAccount = (identity: FolderIdentity) => `data-folder:${identity.id}`

/**
 * The folder's identity, or null when it has none (or what is there does not parse as one).
 * Something other than a file in its place (a named pipe, a device: never read) or a file that
 * cannot be read is a FolderKeyError: the folder's key cannot be found without it.
 */
export function readFolderIdentity(dataDir: string): FolderIdentity | null {
  const path = join(dataDir, FOLDER_FILE)
  let text: string
  try {
    text = readRegularFile(path, { maxBytes: FOLDER_FILE_MAX_BYTES }).toString('utf8')
  } catch (error) {
    if (!(error instanceof RegularFileError)) throw error
    if (error.problem === 'missing') return null
    throw new FolderKeyError(
      'damaged',
      `${path} ${error.why}: it names the keychain entry of the folder's key. Put back the folder's own ${FOLDER_FILE}, or set the folder aside and start a new one. Nothing in the folder was changed.`,
    )
  }
  let parsed: Partial<FolderIdentity> & { schema?: unknown }
  try {
    parsed = JSON.parse(text) as Partial<FolderIdentity>
  } catch {
    // An identity that does not parse is handled like a missing one.
    return null
  }
  // A newer Casefile's folder is refused here, first, before its key is looked for or a new
  // identity is written over this one.
  refuseNewerFolder(dataDir, parsed)
  if (parsed.format === 1 && typeof parsed.id === 'string' && /^[\w-]{8,64}$/.test(parsed.id))
    return { format: 1, id: parsed.id }
  return null
}

export function createFolderIdentity(dataDir: string): FolderIdentity {
  const identity: FolderIdentity = { format: 1, id: randomUUID() }
  const path = join(dataDir, FOLDER_FILE)
  const temp = `${path}.${process.pid}.tmp`
  writePrivateFile(temp, `${JSON.stringify(identity, null, 2)}\n`)
  renameSync(temp, path)
  return identity
}

/** 64 hex digits → 32 bytes, or a FolderKeyError naming where the key came from. */
export function parseKeyText(text: string, from: string): Buffer {
  const hex = text.trim()
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new FolderKeyError(
      'bad-key',
      `The data folder key in ${from} must be 64 hexadecimal digits (a 256-bit key).`,
    )
  return Buffer.from(hex, 'hex')
}

/** 64 hex digits and a line end, give or take white space. */
const KEY_FILE_MAX_BYTES = 4096

/** The key given outside the keychain (file first, then the environment), or null. */
export function givenKey(source: FolderKeySource): Buffer | null {
  if (source.keyFile) {
    const keyFile = source.keyFile
    let text: string
    try {
      // The mode is checked on the descriptor that is read: the file cannot be swapped between.
      text = readRegularFile(keyFile, {
        maxBytes: KEY_FILE_MAX_BYTES,
        check: (stats) => {
          if (process.platform !== 'win32' && (stats.mode & 0o077) !== 0)
            throw new FolderKeyError(
              'bad-key',
              `The key file ${keyFile} can be read by other users: make it private (chmod 600) and try again.`,
            )
        },
      }).toString('utf8')
    } catch (error) {
      if (!(error instanceof RegularFileError)) throw error
      throw new FolderKeyError(
        'bad-key',
        error.problem === 'missing' || error.problem === 'unreadable'
          ? `The key file ${keyFile} cannot be read: check the path.`
          : `The key file ${keyFile} ${error.why}: give a private file (chmod 600) holding the 64 hexadecimal digits, or CASEFILE_DB_KEY.`,
      )
    }
    return parseKeyText(text, keyFile)
  }
  if (source.envKey !== undefined && source.envKey !== '')
    return parseKeyText(source.envKey, DB_KEY_ENV)
  return null
}

/** The key kept in the keychain for this folder, or null (none there, or no keychain). */
export async function keychainKey(
  source: FolderKeySource,
  identity: FolderIdentity,
): Promise<Buffer | null> {
  if (!source.keychain) return null
  let text: string | null
  try {
    text = await source.keychain.read(keychainAccount(identity))
  } catch {
    return null
  }
  return text ? parseKeyText(text, source.keychain.description) : null
}

/** A new random key, kept in the keychain; refused (nothing written) when it cannot be kept. */
export async function newKeychainKey(
  source: FolderKeySource,
  identity: FolderIdentity,
): Promise<Buffer> {
  const why =
    'Casefile keeps each data folder\u2019s key in the OS keychain, and none can be used here'
  const refuse = (keyToGive: string) =>
    new FolderKeyError(
      'no-keychain',
      `${keyToGive}: give the key yourself in ${DB_KEY_ENV} (64 hexadecimal digits, for instance from: openssl rand -hex 32), and keep it safe: without it the folder cannot be read.`,
      keyToGive,
    )
  if (!source.keychain) throw refuse(why)
  const key = randomBytes(32)
  try {
    await source.keychain.write(keychainAccount(identity), key.toString('hex'))
  } catch (error) {
    throw refuse(`${why} (${(error as Error).message})`)
  }
  return key
}

/** Where the app and the CLI look for folder keys: the OS keychain, or CASEFILE_DB_KEY. */
export function defaultFolderKeySource(
  env: NodeJS.ProcessEnv = process.env,
  keyFile?: string,
): FolderKeySource {
  return { keychain: keyringBackend(), envKey: env[DB_KEY_ENV], keyFile }
}

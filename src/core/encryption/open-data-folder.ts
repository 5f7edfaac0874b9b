import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { ensurePrivateDir } from '../private-files'
import {
  ATTACHMENTS_DIR,
  DATABASE_FILE,
  applyKey,
  FOLDER_CIPHER,
  FOLDER_CIPHERS,
  type FolderCipher,
} from '../store/store'
import {
  createFolderIdentity,
  FolderKeyError,
  givenKey,
  keychainKey,
  newKeychainKey,
  readFolderIdentity,
  type FolderKeySource,
} from './folder-key'
import {
  databaseState,
  migrateToEncrypted,
  reencryptDatabase,
  removePlainCopies,
  type MigrationStep,
} from './migrate-folder'

export interface OpenedFolder {
  key: Buffer
  /** What happened on the way: a new folder, a plain (or SQLCipher 4) one encrypted, or one already encrypted. */
  outcome: 'created' | 'migrated' | 'opened'
}

/**
 * Gets a data folder ready to be opened encrypted, and its key: a new folder gets a new key in
 * the keychain; a plain folder from before encryption is migrated, and one in SQLCipher 4 (the
 * cipher before AEGIS-256) re-encrypted; an encrypted one is opened
 * with the key the keychain (or CASEFILE_DB_KEY / --db-key-file) holds for it. With no key, or
 * a wrong one, it throws a FolderKeyError and changes nothing: never a new empty database over
 * the old one.
 */
export async function openDataFolder(
  dataDir: string,
  source: FolderKeySource,
  onStep?: (step: MigrationStep) => void,
): Promise<OpenedFolder> {
  ensurePrivateDir(dataDir)
  const dbPath = join(dataDir, DATABASE_FILE)
  const attachmentsDir = join(dataDir, ATTACHMENTS_DIR)
  const state = databaseState(dbPath)
  const given = givenKey(source)
  let identity = readFolderIdentity(dataDir)

  if (state === 'encrypted') {
    const key = given ?? (identity ? await keychainKey(source, identity) : null)
    if (!key && !identity)
      throw new FolderKeyError(
        'damaged',
        `${dbPath} is damaged or is not a Casefile database: it is no SQLite file, and no key is known for it. Nothing in the folder was changed.`,
      )
    if (!key)
      throw new FolderKeyError(
        'missing',
        `The data folder ${dataDir} is encrypted and its key is not in ${source.keychain?.description ?? 'a keychain on this computer'}` +
          ' (the keychain was reset, this is another user account, or the folder was copied from another computer). ' +
          'Import the key exported from where the folder was made, or set the folder aside and start a new one. Nothing in the folder was changed.',
      )
    const cipher = databaseCipher(dbPath, key)
    if (!cipher)
      throw new FolderKeyError(
        'wrong',
        `The data folder ${dataDir} does not open with the key ${given ? 'given' : 'in the keychain'}: the key belongs to another folder, or the database was replaced or damaged. ` +
          'Import the right key, or set the folder aside and start a new one. Nothing in the folder was changed.',
      )
    if (cipher !== FOLDER_CIPHER) reencryptDatabase(dbPath, key, cipher, onStep)
    removePlainCopies(attachmentsDir)
    return { key, outcome: cipher === FOLDER_CIPHER ? 'opened' : 'migrated' }
  }

  identity ??= createFolderIdentity(dataDir)
  const key =
    given ?? (await keychainKey(source, identity)) ?? (await newKeychainKey(source, identity))
  if (state === 'absent') return { key, outcome: 'created' }
  migrateToEncrypted({ dbPath, attachmentsDir }, key, onStep)
  return { key, outcome: 'migrated' }
}

/**
 * The cipher the encrypted database reads with under this key: the folder cipher, or one a
 * folder was written in before (then re-encrypted). Null for a wrong key: it reads as "not a
 * database" under every cipher. Any other failure to read it is thrown.
 */
export function databaseCipher(dbPath: string, key: Buffer): FolderCipher | null {
  for (const cipher of Object.keys(FOLDER_CIPHERS) as FolderCipher[]) {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true })
    try {
      applyKey(db, key, cipher)
      db.prepare('SELECT count(*) FROM sqlite_master').get()
      return cipher
    } catch (error) {
      // Not this cipher (or not this key) reads as "not a database" (or damaged): the next.
      // Anything else (a full disk, a disk I/O error) is not the key's fault: said as it is.
      const code = String((error as { code?: unknown }).code)
      if (code !== 'SQLITE_NOTADB' && !code.startsWith('SQLITE_CORRUPT')) throw error
    } finally {
      db.close()
    }
  }
  return null
}

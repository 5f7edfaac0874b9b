import { existsSync, renameSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { DATABASE_FILE } from '../store/store'
import {
  FolderKeyError,
  keychainAccount,
  readFolderIdentity,
  type FolderKeySource,
} from './folder-key'
import { importFolderKey } from './key-transfer'
import { databaseState } from './migrate-folder'
import { openDataFolder } from './open-data-folder'

export { setAsideTarget } from '../set-aside-target'

/**
 * The two ways out for a data folder whose key is lost or wrong (docs/security.md), the same in
 * the window and the CLI: put the key exported from where the folder was made into this
 * computer's keychain, or set the folder aside (renamed, nothing deleted) and start a new one.
 */

/**
 * Opens a key export with its passphrase and, if the key opens this folder, keeps it in the
 * keychain. Throws a FolderKeyError (nothing stored) for a file that is no export, a wrong
 * passphrase, another folder's key, or no keychain to keep it in.
 */
export async function importKeyForFolder(
  dataDir: string,
  exportText: string,
  passphrase: string,
  source: FolderKeySource,
): Promise<void> {
  const identity = readFolderIdentity(dataDir)
  if (!identity || databaseState(join(dataDir, DATABASE_FILE)) !== 'encrypted')
    throw new FolderKeyError(
      'bad-key',
      `${dataDir} is not an encrypted Casefile data folder: there is nothing to import a key for.`,
    )
  if (!source.keychain)
    throw new FolderKeyError(
      'no-keychain',
      'There is no OS keychain on this computer to keep the key in.',
    )
  const { key, folderId } = await importFolderKey(exportText, passphrase)
  if (folderId !== identity.id)
    throw new FolderKeyError(
      'wrong',
      'That key file holds the key of another data folder, not of this one: choose the file exported from the computer where this folder was made.',
    )
  // Checked against the folder before anything is stored.
  await openDataFolder(dataDir, { keychain: null, envKey: key.toString('hex') })
  await source.keychain.write(keychainAccount(identity), key.toString('hex'))
}

/**
 * Renames the folder to `target` (from setAsideTarget), deleting nothing, so that a new, empty
 * folder starts in its place. Refuses a target that is not a set-aside name beside the folder,
 * or that exists already.
 */
export function setFolderAside(dataDir: string, target: string): string {
  if (!existsSync(dataDir))
    throw new Error(`${dataDir} does not exist: there is nothing to set aside.`)
  const expected = new RegExp(
    `^${escapeRegExp(basename(dataDir))}\\.set-aside-\\d{4}-\\d{2}-\\d{2}-\\d{2}-\\d{2}-\\d{2}$`,
  )
  if (dirname(target) !== dirname(dataDir) || !expected.test(basename(target)))
    throw new Error(`${target} is not a name to set ${dataDir} aside under.`)
  if (existsSync(target))
    throw new Error(`${target} exists already: wait a second and set the folder aside again.`)
  renameSync(dataDir, target)
  return target
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

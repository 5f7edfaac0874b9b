import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readFolderIdentity } from '../encryption/encryption'
import { writePrivateFile } from '../private-files'
import type { SecretBackend } from '../secrets/index'
import { SigningKeyError, type SigningKey } from './signing-key'

/*
 * Where the signing key `casefile signing-key create` made is kept: in the OS keychain, as the
 * folder's key and the API key are (under `signing-key:<folder id>`), or, on a computer with no
 * keychain, in signing-key.json in the data folder, readable by its owner only (as a folder key
 * given with --db-key-file is). The certificate alone is not secret; the key is never printed.
 */

export const SIGNING_KEY_FILE = 'signing-key.json'

export interface KeptSigningKey {
  key: SigningKey
  /** keychain: the OS keychain; file: signing-key.json in the data folder. */
  where: 'keychain' | 'file'
}

/** The keychain entry of the key of the folder with this identity. */
const entryName = (folderId: string) => `signing-key:${folderId}`

const account = (dataDir: string) => {
  const identity = readFolderIdentity(dataDir)
  if (!identity)
    throw new SigningKeyError(
      'The data folder has no identity yet: open it once before making a signing key.',
      'no_folder_identity',
    )
  return entryName(identity.id)
}

const encode = (key: SigningKey) =>
  JSON.stringify({
    format: 1,
    certificate: key.certificate.toString('base64'),
    privateKey: key.privateKey.toString('base64'),
  })

function decode(text: string): SigningKey | null {
  try {
    const parsed = JSON.parse(text) as { certificate?: unknown; privateKey?: unknown }
    if (typeof parsed.certificate !== 'string' || typeof parsed.privateKey !== 'string') return null
    return {
      certificate: Buffer.from(parsed.certificate, 'base64'),
      privateKey: Buffer.from(parsed.privateKey, 'base64'),
    }
  } catch {
    return null
  }
}

/** Keeps the key: in the keychain when there is one that works, else in the data folder's file. */
export async function keepSigningKey(
  dataDir: string,
  keychain: SecretBackend | null,
  key: SigningKey,
): Promise<KeptSigningKey & { reason: string | null }> {
  const name = account(dataDir)
  let reason: string | null = 'there is no keychain on this computer'
  if (keychain)
    try {
      await keychain.write(name, encode(key))
      return { key, where: 'keychain', reason: null }
    } catch (error) {
      reason = `${keychain.description} could not be used (${(error as Error).message})`
    }
  writePrivateFile(join(dataDir, SIGNING_KEY_FILE), `${encode(key)}\n`)
  return { key, where: 'file', reason }
}

/**
 * The key kept for this data folder, or null when none was made here. A folder with no identity
 * yet has no keychain entry (its name is the identity's), so only its file is looked at.
 */
export async function keptSigningKey(
  dataDir: string,
  keychain: SecretBackend | null,
): Promise<KeptSigningKey | null> {
  const identity = readFolderIdentity(dataDir)
  if (keychain && identity) {
    const name = entryName(identity.id)
    let text: string | null = null
    try {
      text = await keychain.read(name)
    } catch {
      text = null
    }
    const key = text === null ? null : decode(text)
    if (key) return { key, where: 'keychain' }
  }
  const file = join(dataDir, SIGNING_KEY_FILE)
  if (!existsSync(file)) return null
  const key = decode(readFileSync(file, 'utf8'))
  if (!key) throw new SigningKeyError(`${file} is damaged: it does not hold a signing key.`)
  return { key, where: 'file' }
}

import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto'
import { z } from 'zod'
import { FolderKeyError } from './folder-key'

/**
 * A data folder's key, sealed with a passphrase the user types, to move the folder to a new
 * laptop or keep a backup: scrypt (N=2^17, r=8, p=1) derives a key from the passphrase, and
 * AES-256-GCM seals the folder key with it. The file holds no key in the clear.
 */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 }
export const MIN_PASSPHRASE_LENGTH = 12

const exportFileSchema = z.strictObject({
  format: z.literal('casefile-folder-key'),
  version: z.literal(1),
  folderId: z.string(),
  kdf: z.strictObject({
    name: z.literal('scrypt'),
    N: z.number().int(),
    r: z.number().int(),
    p: z.number().int(),
    salt: z.string(),
  }),
  cipher: z.literal('aes-256-gcm'),
  nonce: z.string(),
  sealedKey: z.string(),
  tag: z.string(),
})
export type ExportedKey = z.infer<typeof exportFileSchema>

function passphraseKey(passphrase: string, salt: Buffer, params = SCRYPT): Buffer {
  return scryptSync(passphrase.normalize('NFC'), salt, 32, params)
}

export function exportFolderKey(key: Buffer, folderId: string, passphrase: string): ExportedKey {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH)
    throw new FolderKeyError(
      'bad-key',
      `Choose a passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters: the exported key is only as safe as it.`,
    )
  const salt = randomBytes(16)
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', passphraseKey(passphrase, salt), nonce)
  cipher.setAAD(Buffer.from(folderId))
  const sealedKey = Buffer.concat([cipher.update(key), cipher.final()])
  return {
    format: 'casefile-folder-key',
    version: 1,
    folderId,
    kdf: { name: 'scrypt', N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: salt.toString('base64') },
    cipher: 'aes-256-gcm',
    nonce: nonce.toString('base64'),
    sealedKey: sealedKey.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  }
}

/** The folder key in an export file, or a FolderKeyError saying what is wrong with it. */
export function importFolderKey(
  text: string,
  passphrase: string,
): { key: Buffer; folderId: string } {
  let parsed: ExportedKey
  try {
    parsed = exportFileSchema.parse(JSON.parse(text))
  } catch {
    throw new FolderKeyError(
      'bad-key',
      'That file is not a Casefile key export: choose the file the key was exported to.',
    )
  }
  const { kdf } = parsed
  if (kdf.N > 2 ** 20 || kdf.r > 16 || kdf.p > 4)
    throw new FolderKeyError(
      'bad-key',
      'That key export asks for more work than Casefile allows: it was not made by Casefile.',
    )
  const decipher = createDecipheriv(
    'aes-256-gcm',
    passphraseKey(passphrase, Buffer.from(kdf.salt, 'base64'), {
      N: kdf.N,
      r: kdf.r,
      p: kdf.p,
      maxmem: SCRYPT.maxmem,
    }),
    Buffer.from(parsed.nonce, 'base64'),
  )
  decipher.setAAD(Buffer.from(parsed.folderId))
  decipher.setAuthTag(Buffer.from(parsed.tag, 'base64'))
  try {
    const key = Buffer.concat([
      decipher.update(Buffer.from(parsed.sealedKey, 'base64')),
      decipher.final(),
    ])
    if (key.length !== 32) throw new Error('length')
    return { key, folderId: parsed.folderId }
  } catch {
    throw new FolderKeyError(
      'wrong',
      'The passphrase does not open this key export: check it and try again.',
    )
  }
}

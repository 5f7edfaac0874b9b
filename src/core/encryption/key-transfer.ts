import {
  createCipheriv,
  createDecipheriv,
  randomBytes,
  scrypt,
  type ScryptOptions,
} from 'node:crypto'
import { z } from 'zod'
import { FolderKeyError } from './folder-key'
import { passphraseProblem } from './passphrase-strength'

/**
 * A data folder's key, sealed with a passphrase the user types, to move the folder to a new
 * laptop or keep a backup: scrypt derives a key from the passphrase, and AES-256-GCM seals the
 * folder key with it (the folder's id as associated data). The file holds no key in the clear.
 *
 * Exports are made with N=2^19, r=8, p=1: 512 MiB and about 1.6 s of one core per guess (N=2^17,
 * before, was 0.4 s and 128 MiB), so each guess at a stolen export costs an attacker four times
 * the memory and time; the person waits that once. Older exports (N=2^17) still import.
 */
export const EXPORT_SCRYPT = { N: 2 ** 19, r: 8, p: 1 } as const

/**
 * What an import will run, so that a file cannot make Casefile allocate or compute without end:
 * scrypt's memory (128·N·r bytes) at most an export's own 512 MiB, its work (N·r·p) at most
 * twice an export's.
 */
export const IMPORT_SCRYPT_LIMITS = {
  maxMemoryBytes: 128 * EXPORT_SCRYPT.N * EXPORT_SCRYPT.r,
  maxWork: 2 * EXPORT_SCRYPT.N * EXPORT_SCRYPT.r * EXPORT_SCRYPT.p,
  maxR: 32,
  maxP: 16,
} as const

/** Base64 of exactly `bytes` bytes, as Buffer#toString('base64') writes it. */
const base64Of = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9+/]*={0,2}$/)
    .refine((text) => Buffer.from(text, 'base64').length === bytes)

const exportFileSchema = z.strictObject({
  format: z.literal('casefile-folder-key'),
  version: z.literal(1),
  folderId: z.string().regex(/^[\w-]{8,64}$/),
  kdf: z.strictObject({
    name: z.literal('scrypt'),
    N: z.number().int(),
    r: z.number().int(),
    p: z.number().int(),
    salt: base64Of(16),
  }),
  cipher: z.literal('aes-256-gcm'),
  nonce: base64Of(12),
  sealedKey: base64Of(32),
  tag: base64Of(16),
})
export type ExportedKey = z.infer<typeof exportFileSchema>
export type ScryptParams = Pick<ExportedKey['kdf'], 'N' | 'r' | 'p'>

/**
 * Why scrypt must not run with these parameters, in words; null when it may. N a power of two
 * above 1, r and p from 1, memory and work within IMPORT_SCRYPT_LIMITS.
 */
export function scryptParamsProblem({ N, r, p }: ScryptParams): string | null {
  const limits = IMPORT_SCRYPT_LIMITS
  if (!(N > 1 && Number.isSafeInteger(N) && (N & (N - 1)) === 0 && N <= 2 ** 30))
    return `its N (${N}) is not a power of two`
  if (r < 1 || r > limits.maxR || p < 1 || p > limits.maxP)
    return `its r (${r}) and p (${p}) must be from 1 to ${limits.maxR} and to ${limits.maxP}`
  if (128 * N * r > limits.maxMemoryBytes)
    return `it asks for ${(128 * N * r) / 2 ** 20} MiB of memory, more than the ${limits.maxMemoryBytes / 2 ** 20} MiB Casefile allows`
  if (N * r * p > limits.maxWork) return 'it asks for more work than Casefile allows'
  return null
}

const scryptAsync = (passphrase: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase, salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  )

/**
 * scrypt off the main thread (libuv's pool), so a second of derivation neither freezes the
 * process nor keeps SIGTERM from stopping the command.
 */
function passphraseKey(
  passphrase: string,
  salt: Buffer,
  { N, r, p }: ScryptParams,
): Promise<Buffer> {
  // maxmem: the V array (128·N·r) and the B array (128·r·p), with room to spare.
  return scryptAsync(passphrase.normalize('NFC'), salt, {
    N,
    r,
    p,
    maxmem: 128 * r * (N + p) + 2 ** 20,
  })
}

export interface ExportOptions {
  /**
   * scrypt's parameters for this export, EXPORT_SCRYPT when absent. Only a caller in code can
   * give others (the tests, so hundreds of exports do not each cost a second and a half): no
   * command-line option, environment variable, setting or file reaches this, so nobody can make
   * Casefile write a cheaper export than EXPORT_SCRYPT by what they type or configure. Held to
   * what an import accepts, so every export opens again.
   */
  scrypt?: ScryptParams
}

/**
 * Seals `key` for export. Refuses (FolderKeyError 'bad-key', nothing sealed) a passphrase that
 * could be guessed, with a sentence saying how to choose a strong one.
 */
export async function exportFolderKey(
  key: Buffer,
  folderId: string,
  passphrase: string,
  options: ExportOptions = {},
): Promise<ExportedKey> {
  const { N, r, p } = options.scrypt ?? EXPORT_SCRYPT
  const problem = scryptParamsProblem({ N, r, p })
  if (problem) throw new Error(`An export cannot be made with these scrypt parameters: ${problem}.`)
  const weak = await passphraseProblem(passphrase, [folderId])
  if (weak) throw new FolderKeyError('bad-key', weak)
  const salt = randomBytes(16)
  const nonce = randomBytes(12)
  const cipher = createCipheriv(
    'aes-256-gcm',
    await passphraseKey(passphrase, salt, { N, r, p }),
    nonce,
  )
  cipher.setAAD(Buffer.from(folderId))
  const sealedKey = Buffer.concat([cipher.update(key), cipher.final()])
  return {
    format: 'casefile-folder-key',
    version: 1,
    folderId,
    kdf: { name: 'scrypt', N, r, p, salt: salt.toString('base64') },
    cipher: 'aes-256-gcm',
    nonce: nonce.toString('base64'),
    sealedKey: sealedKey.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  }
}

/**
 * The folder key in an export file, or a FolderKeyError saying what is wrong with it: a file that
 * is no export (or a damaged one), scrypt parameters Casefile will not run, a wrong passphrase.
 */
export async function importFolderKey(
  text: string,
  passphrase: string,
): Promise<{ key: Buffer; folderId: string }> {
  let parsed: ExportedKey
  try {
    parsed = exportFileSchema.parse(JSON.parse(text))
  } catch {
    throw new FolderKeyError(
      'bad-key',
      'That file is not a Casefile key export, or it is damaged: choose the file the key was exported to.',
    )
  }
  const problem = scryptParamsProblem(parsed.kdf)
  if (problem)
    throw new FolderKeyError(
      'bad-key',
      `That key export cannot be opened: ${problem}. It was not made by Casefile, or it was changed since; choose the file the key was exported to.`,
    )
  const derived = await passphraseKey(
    passphrase,
    Buffer.from(parsed.kdf.salt, 'base64'),
    parsed.kdf,
  )
  const decipher = createDecipheriv('aes-256-gcm', derived, Buffer.from(parsed.nonce, 'base64'))
  decipher.setAAD(Buffer.from(parsed.folderId))
  decipher.setAuthTag(Buffer.from(parsed.tag, 'base64'))
  try {
    const key = Buffer.concat([
      decipher.update(Buffer.from(parsed.sealedKey, 'base64')),
      decipher.final(),
    ])
    return { key, folderId: parsed.folderId }
  } catch {
    throw new FolderKeyError(
      'wrong',
      'The passphrase does not open this key export: check it and try again.',
    )
  }
}

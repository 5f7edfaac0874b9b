import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { resolveDataDir } from '../cli-context'
import { CliError } from '../cli-error'
import { printJson } from '../cli-io'
import type { CommandContext } from '../command-line-spec'
import { signingKeyErrorSaid } from '../core-words'
import { EXIT } from '../exit-codes'
import { folderKeySource, openCliFolder } from '../folder-access'
import { writePrivateFile } from '../../core/private-files'
import {
  certificateFacts,
  certificatePem,
  colonHex,
  createSelfSignedKey,
  readPkcs12,
  SigningKeyError,
  type SigningKey,
  keepSigningKey,
  keptSigningKey,
} from '../../core/signing/signing'

/*
 * The organization's signing key on the command line: `casefile signing-key create` makes and
 * keeps a self-signed one; `case export --sign P12|kept` signs a case file with a PKCS#12 file
 * or with the key kept here.
 */

/** The value of --sign that means the key `signing-key create` kept for this data folder. */
export const KEPT = 'kept'

const keychainOf = async (context: CommandContext) => (await folderKeySource(context)).keychain

/** The key --sign names (a PKCS#12 file, or `kept`), or null when --sign is not given. */
export async function signingKeyOption(context: CommandContext): Promise<SigningKey | null> {
  const sign = context.options['sign']
  if (typeof sign !== 'string' || sign === '') return null
  try {
    if (sign === KEPT && !existsSync(resolve(sign))) {
      const dataDir = await resolveDataDir(context.global, context.env)
      const kept = await keptSigningKey(dataDir, await keychainOf(context))
      if (!kept)
        throw new CliError(
          'No signing key is kept for this data folder: make one with `casefile signing-key create`, or give a PKCS#12 file with --sign FILE.p12.',
          { code: 'invalid_input' },
        )
      return kept.key
    }
    const path = resolve(sign)
    if (!existsSync(path))
      throw new CliError(`--sign: ${path} does not exist.`, { code: 'invalid_input' })
    const passEnv = context.options['sign-pass-env']
    const password = typeof passEnv === 'string' ? context.env[passEnv] : ''
    if (typeof passEnv === 'string' && password === undefined)
      throw new CliError(
        `--sign-pass-env names ${passEnv}, which is not set: set it to the PKCS#12 file's password.`,
        { code: 'invalid_input' },
      )
    return await readPkcs12(readFileSync(path), password ?? '')
  } catch (error) {
    if (error instanceof SigningKeyError)
      throw new CliError(signingKeyErrorSaid(error), { code: 'invalid_input' })
    throw error
  }
}

/** `casefile signing-key create [--name TEXT] [--out-cert FILE.pem] [--replace]` */
export async function runSigningKeyCreate(context: CommandContext): Promise<number> {
  const dataDir = await resolveDataDir(context.global, context.env)
  // The folder is opened first: its identity names the keychain entry.
  await openCliFolder(context, dataDir)
  const keychain = await keychainOf(context)
  const existing = await keptSigningKey(dataDir, keychain)
  if (existing && context.options['replace'] !== true)
    throw new CliError(
      `A signing key is already kept for this data folder (certificate fingerprint ${certificateFacts(existing.key.certificate).fingerprint}). Give --replace to make a new one: recipients holding the old certificate could no longer check new case files against it.`,
      { code: 'invalid_input' },
    )
  const name = context.options['name']
  const key = await createSelfSignedKey({
    name: typeof name === 'string' && name.trim() !== '' ? name.trim() : 'Casefile case files',
    now: new Date(),
  })
  const kept = await keepSigningKey(dataDir, keychain, key)
  const facts = certificateFacts(key.certificate)
  const outCert = context.options['out-cert']
  const certPath = typeof outCert === 'string' && outCert !== '' ? resolve(outCert) : null
  if (certPath) writePrivateFile(certPath, certificatePem(key.certificate))
  if (context.global.json) {
    printJson(context.io, { ...facts, keptIn: kept.where, certificateWritten: certPath })
    return EXIT.ok
  }
  context.io.out(
    `Signing key made for this data folder: ${facts.subject}, valid to ${facts.validTo}.`,
  )
  context.io.out(
    kept.where === 'keychain'
      ? 'Its private key is kept in the OS keychain.'
      : `Its private key is kept in signing-key.json in the data folder, readable by you only (${kept.reason}). Keep the folder's copies as safe as the key itself.`,
  )
  context.io.out(`Certificate fingerprint (SHA-256): ${colonHex(facts.fingerprint)}`)
  if (certPath)
    context.io.out(
      `Certificate written to ${certPath}: give it to those who check your case files (casefile case verify --ca, or openssl cms -verify -CAfile), and read them this fingerprint by another channel.`,
    )
  context.io.out('Sign a case file with it: casefile case export ID --out F.zip --sign kept')
  return EXIT.ok
}

import { existsSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  readFolderIdentity,
  exportFolderKey,
  HOW_TO_CHOOSE,
  passphraseProblem,
  databaseState,
  openDataFolder,
  importKeyForFolder,
  setAsideTarget,
  setFolderAside,
} from '../../core/encryption/encryption'
import { readKeyExport } from '../../core/key-export-file'
import { DATABASE_FILE } from '../../core/store/store'
import { resolveDataDir } from '../cli-context'
import { CliError } from '../cli-error'
import { printJson } from '../cli-io'
import type { CommandContext } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { folderKeyFailure, folderKeySource } from '../folder-access'
import { readPassphraseFromTerminal } from '../passphrase'

const ask = (context: CommandContext, prompt: string) =>
  (context.readPassphrase ?? readPassphraseFromTerminal)(prompt)

/** `casefile key export --out FILE`: the folder key, sealed with a passphrase typed twice. */
export async function runExport(context: CommandContext): Promise<number> {
  const out = context.options['out']
  if (typeof out !== 'string' || out.trim() === '')
    throw new CliError('Say where to write the key: casefile key export --out FILE.')
  const target = resolve(out)
  if (existsSync(target))
    throw new CliError(`${target} already exists: choose a new file, so no export is overwritten.`)
  const dataDir = await resolveDataDir(context.global, context.env)
  const source = await folderKeySource(context)
  let key: Buffer
  try {
    if (databaseState(join(dataDir, DATABASE_FILE)) === 'absent')
      throw new CliError(`${dataDir} holds no Casefile data yet: there is no key to export.`)
    key = (await openDataFolder(dataDir, source)).key
  } catch (error) {
    throw folderKeyFailure(error)
  }
  const identity = readFolderIdentity(dataDir)
  if (!identity)
    throw new CliError(`${dataDir} has no casefile-folder.json: it cannot be exported.`)
  context.io.err(`${HOW_TO_CHOOSE}`)
  const passphrase = await ask(context, 'Passphrase for the exported key: ')
  // Judged before it is typed again, so a weak one costs one entry, not two.
  const weak = await passphraseProblem(passphrase, [identity.id])
  if (weak) throw new CliError(`${weak} Nothing was written.`)
  if ((await ask(context, 'The same passphrase again: ')) !== passphrase)
    throw new CliError('The two passphrases differ: nothing was written. Run the command again.')
  let sealed
  try {
    sealed = await exportFolderKey(key, identity.id, passphrase, {
      scrypt: context.keyExportScrypt,
    })
  } catch (error) {
    throw folderKeyFailure(error)
  }
  writeFileSync(target, `${JSON.stringify(sealed, null, 2)}\n`, { mode: 0o600, flag: 'wx' })
  if (context.global.json) printJson(context.io, { exported: target, folderId: identity.id })
  else
    context.io.out(
      `The key of ${dataDir} is in ${target}, sealed with your passphrase. Keep both safe: either alone is not enough.`,
    )
  return EXIT.ok
}

/** `casefile key import FILE`: puts an exported key in this computer's keychain, if it opens the folder. */
export async function runImport(context: CommandContext): Promise<number> {
  const file = resolve(context.args[0] ?? '')
  let text: string
  try {
    // The window's reader: a regular file of an export's size, never a pipe or /dev/zero.
    text = readKeyExport(file)
  } catch (error) {
    throw new CliError((error as Error).message)
  }
  const dataDir = await resolveDataDir(context.global, context.env)
  const identity = readFolderIdentity(dataDir)
  if (!identity || databaseState(join(dataDir, DATABASE_FILE)) !== 'encrypted')
    throw new CliError(
      `${dataDir} is not an encrypted Casefile data folder: there is nothing to import a key for.`,
    )
  const source = await folderKeySource(context)
  const keychain = source.keychain
  if (!keychain)
    throw new CliError(
      'There is no OS keychain to put the key in: give it with --db-key-file or CASEFILE_DB_KEY instead.',
    )
  try {
    await importKeyForFolder(
      dataDir,
      text,
      await ask(context, 'Passphrase of the export: '),
      source,
    )
  } catch (error) {
    throw folderKeyFailure(error)
  }
  if (context.global.json) printJson(context.io, { imported: dataDir })
  else
    context.io.out(`The key of ${dataDir} is in ${keychain.description}: the folder opens again.`)
  return EXIT.ok
}

/** `casefile folder set-aside`: renames the folder, deleting nothing, so a new one can start. */
export async function runSetAside(context: CommandContext): Promise<number> {
  const dataDir = await resolveDataDir(context.global, context.env)
  if (!existsSync(dataDir))
    throw new CliError(`${dataDir} does not exist: there is nothing to set aside.`)
  const aside = setFolderAside(dataDir, setAsideTarget(dataDir))
  if (context.global.json) printJson(context.io, { setAside: aside })
  else
    context.io.out(
      `${dataDir} is now ${aside}; nothing was deleted. The next command starts a new, empty folder.`,
    )
  return EXIT.ok
}

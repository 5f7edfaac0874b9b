import { resolve } from 'node:path'
import { CaFileError, readCaFile } from '../../core/network/network'
import {
  ConnectionFileError,
  type ConnectionFile,
  connectionFileSchema,
  readConnection,
  writeConnection,
} from '../../core/data-folder'
import { resolveConnection, resolveDataDir } from '../cli-context'
import { CliError } from '../cli-error'
import { printJson } from '../cli-io'
import type { CommandContext, CommandRun } from '../command-line-spec'
import { CONNECTION_FILE_VERSION, keyAccount } from '../../shared/registry-address'
import { checkFolderNotNewer } from '../../core/store/store'
import { EXIT } from '../exit-codes'
import { setSigner, signerFieldProblem, type Signer } from '../../core/signing/signing'
import { openCliCore } from '../open-core'
import { withStore } from '../open-store'
import { DEFAULT_MAX_SEARCH_RATE, maxRateProblem, setMaxSearchRate } from '../../core/search/search'

async function show(context: CommandContext, dataDir: string): Promise<number> {
  const { io, env, global } = context
  const connection = await resolveConnection(dataDir, env)
  // The keychain entry is that of the registry's origin: a key given for one host is not read for another.
  const keySource = env['CASEFILE_API_KEY']
    ? 'CASEFILE_API_KEY'
    : connection
      ? `OS keychain (${keyAccount(connection.profileId, connection.baseUrl)})`
      : 'OS keychain'
  if (global.json) printJson(io, { dataDir, connection, apiKeySource: keySource })
  else
    io.out(
      `Data folder: ${dataDir}\nBase URL:    ${connection?.baseUrl ?? '(not set)'}\nUpload URL:  ${connection?.uploadUrl ?? '(not set)'}\nProfile:     ${connection?.profileId ?? '(none)'}\nAPI key:     from ${keySource}\nCA file:     ${connection?.caFile ?? "(none: this computer's certificate store)"}`,
    )
  return EXIT.ok
}

/** The connection being replaced; a damaged file is what `config set` repairs. */
function previousConnection(dataDir: string): Partial<ConnectionFile> {
  try {
    return readConnection(dataDir) ?? {}
  } catch (error) {
    if (error instanceof ConnectionFileError) return {}
    throw error
  }
}

/**
 * The extra CA file to keep: the one given (checked to hold a certificate first, kept as a full
 * path so the folder works from any current directory), none when cleared, else the one before.
 */
function caFileToKeep(context: CommandContext, previous: string | undefined): string | undefined {
  if (context.options['clear-ca-file'] === true) return undefined
  const given = context.global.caFile
  if (given === undefined) return previous
  const path = resolve(given)
  try {
    readCaFile(path)
  } catch (error) {
    if (error instanceof CaFileError) throw new CliError(error.message)
    throw error
  }
  return path
}

const FLAG_OF: Record<string, string> = {
  baseUrl: '--base-url',
  uploadUrl: '--upload-url',
  profileId: '--profile',
}

/** The --max-rate given: a number of searches a second, null for the default, undefined when absent. */
function maxRateOption(context: CommandContext): number | null | undefined {
  const text = context.options['max-rate']
  if (typeof text !== 'string') return undefined
  if (text.trim().toLowerCase() === 'default') return null
  const rate = Number(text)
  const problem = text.trim() === '' ? maxRateProblem(NaN) : maxRateProblem(rate)
  if (problem)
    throw new CliError(
      `--max-rate: ${problem} Got "${text}"; \`--max-rate default\` goes back to ${DEFAULT_MAX_SEARCH_RATE}.`,
    )
  return rate
}

/** Keeps the organization's ceiling in the data folder's database, and says what it is now. */
async function setMaxRate(context: CommandContext, rate: number | null): Promise<void> {
  await withStore(context, (store) => setMaxSearchRate(store, rate))
  if (!context.global.json)
    context.io.out(
      rate === null
        ? `At most ${DEFAULT_MAX_SEARCH_RATE} searches a second from this data folder (the default).`
        : `At most ${rate} searches a second from this data folder (screening at --rate auto and the watchlist together).`,
    )
}

const SIGNER_FLAGS = {
  name: 'signer-name',
  position: 'signer-position',
  organization: 'organization',
} as const

/** The signer's fields given, checked; null when none was. */
function signerOptions(context: CommandContext): Partial<Signer> | null {
  const change: Partial<Signer> = {}
  for (const [field, flag] of Object.entries(SIGNER_FLAGS) as [keyof Signer, string][]) {
    const value = context.options[flag]
    if (typeof value !== 'string') continue
    const problem = signerFieldProblem(value)
    if (problem) throw new CliError(`--${flag}: ${problem}`)
    change[field] = value
  }
  return Object.keys(change).length > 0 ? change : null
}

/** Keeps the officer who signs certificates in the data folder's database, and says who it is now. */
async function setSignerFields(context: CommandContext, change: Partial<Signer>): Promise<void> {
  const now = await withStore(context, (store) => setSigner(store, change))
  if (context.global.json) return
  const shown = (value: string | null) => value ?? '(not set: left blank for the hand)'
  context.io.out(
    `Certificates will name: ${shown(now.name)}, ${shown(now.position)}, ${shown(now.organization)}.`,
  )
}

/** casefile config set --base-url URL --upload-url URL [--profile P] [--max-rate N] [--signer-name …] */
export const runSet: CommandRun = async (context) => {
  const { options } = context
  const maxRate = maxRateOption(context)
  const signerChange = signerOptions(context)
  const addressGiven = options['base-url'] !== undefined || options['upload-url'] !== undefined
  if ((maxRate !== undefined || signerChange) && !addressGiven) {
    if (maxRate !== undefined) await setMaxRate(context, maxRate)
    if (signerChange) await setSignerFields(context, signerChange)
    return EXIT.ok
  }
  const dataDir = await resolveDataDir(context.global, context.env)
  // A folder a newer Casefile wrote is refused here, before anything of it is rewritten.
  checkFolderNotNewer(dataDir)
  const previous = previousConnection(dataDir)
  const caFile = caFileToKeep(context, previous.caFile)
  // What this version does not know of the file (a later Casefile's keys) is kept as it was.
  const { caFile: _previousCa, ...kept } = previous
  const checked = connectionFileSchema.safeParse({
    ...kept,
    version: CONNECTION_FILE_VERSION,
    profileId: options['profile'] ?? previous.profileId ?? 'registry',
    baseUrl: options['base-url'],
    uploadUrl: options['upload-url'],
    ...(caFile ? { caFile } : {}),
  })
  if (!checked.success)
    throw new CliError(
      `config set cannot use that: ${checked.error.issues.map((i) => `${FLAG_OF[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`).join('; ')}`,
    )
  writeConnection(dataDir, checked.data)
  if (options['confirm-registry-change'] === true) {
    // The person at the terminal confirms: work queued for the previous registry goes to this one.
    const core = await openCliCore(context, { acceptOriginChange: true })
    await core.close()
  }
  if (maxRate !== undefined) await setMaxRate(context, maxRate)
  if (signerChange) await setSignerFields(context, signerChange)
  return show(context, dataDir)
}

/** casefile config show */
export const runShow: CommandRun = async (context) =>
  show(context, await resolveDataDir(context.global, context.env))

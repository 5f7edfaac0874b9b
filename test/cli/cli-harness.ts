import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli } from '../../src/cli/main'
import type { SecretBackend } from '../../src/core/secrets'
import { keychainAccount, readFolderIdentity } from '../../src/core/encryption/folder-key'
import { memorySecretBackend } from '../web-harness/memory-secret-backend'
import { uniqueReason } from '../support/core-with-sandbox'
import { TEST_SCRYPT } from '../support/test-scrypt'
import { PDF_BYTES } from '../support/temp-store'

export interface CliResult {
  code: number
  stdout: string
  stderr: string
  json: () => any // eslint-disable-line @typescript-eslint/no-explicit-any -- the documented --json shapes
}

/**
 * The keychain of this test file's CLI runs (data folder keys), in memory: one for the whole
 * file, as the OS keychain outlives each command.
 */
export const cliFolderKeychain = memorySecretBackend()

/** Runs a `casefile` command line in this process, with its output captured. */
export async function runCasefile(
  args: readonly string[],
  env: Record<string, string> = {},
  passphrases: string[] = [],
  folderKeychain: SecretBackend = cliFolderKeychain,
): Promise<CliResult> {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    env,
    readKeychain: async () => null,
    folderKeychain,
    readPassphrase: async () => passphrases.shift() ?? '',
    keyExportScrypt: TEST_SCRYPT,
  })
  const stdout = out.join('\n')
  return { code, stdout, stderr: err.join('\n'), json: () => JSON.parse(stdout) }
}

export function tempFolder(prefix = 'casefile-cli-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** What a stack trace looks like in output: no failure may print one (unless CASEFILE_DEBUG=1). */
export const STACK_TRACE = /^\s+at .+[:(]|\w*Error: .*\n\s+at /m

/** The key the CLI runs of this file keep for a data folder (for tests that open it directly). */
export async function folderKeyOf(dataDir: string): Promise<Buffer> {
  const identity = readFolderIdentity(dataDir)
  const hex = identity ? await cliFolderKeychain.read(keychainAccount(identity)) : null
  if (!hex) throw new Error(`No CLI run has opened ${dataDir}.`)
  return Buffer.from(hex, 'hex')
}

/**
 * A new data folder set up (`casefile config set`) to sync with this registry, through `run`
 * (the test file's own way of running the CLI, with its key). Throws if that fails.
 */
export async function sandboxFolder(
  run: (args: string[]) => Promise<Pick<CliResult, 'code' | 'stderr'>>,
  registry: { baseUrl: string; uploadUrl: string },
): Promise<string> {
  const dataDir = tempFolder()
  const set = await run([
    'config',
    'set',
    '--base-url',
    registry.baseUrl,
    '--upload-url',
    registry.uploadUrl,
    '--data-dir',
    dataDir,
  ])
  if (set.code !== 0) throw new Error(`casefile config set failed: ${set.stderr}`)
  return dataDir
}

/** A report file for `casefile submit`, with a PDF beside it as its attachment; `overrides` laid over it. */
export function reportFile(dir: string, overrides: Record<string, unknown> = {}): string {
  writeFileSync(join(dir, 'evidence.pdf'), PDF_BYTES)
  const path = join(dir, 'report.json')
  writeFileSync(
    path,
    JSON.stringify({
      fraudType: 'money_mule',
      fraudReason: uniqueReason('cli'),
      identifiers: [{ label: 'phone', value: '0803 123 4567' }],
      attachments: ['evidence.pdf'],
      ...overrides,
    }),
  )
  return path
}

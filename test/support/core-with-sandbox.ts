import { createHash } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Core } from '../../src/core/open-core'
import { type CoreOptions, openCore } from '../../src/core/open-core'
import { createRegistryClient } from '../../src/core/registry/registry-client'
import type { RetryPolicy } from '../../src/core/sync/retry-policy'
import { startSandbox, type RunningSandbox } from '../../src/sandbox'

/** Fast retries for tests; the floor still lets a stalled write land before reconciling. */
export const TEST_RETRY_POLICY: RetryPolicy = { baseMs: 5, capMs: 40, unknownOutcomeFloorMs: 400 }
/**
 * A second: short enough that the tests whose registry stalls past it stay quick, long enough
 * that a loaded CI machine (two cores, every test file in parallel) answers an ordinary upload
 * within it. At 250 ms, an attachment's upload timed out under load in CI and the operation a
 * fault test aimed at was never reached.
 */
export const TEST_TIMEOUT_MS = 1000

export async function startTestSandbox(): Promise<RunningSandbox> {
  return startSandbox({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'casefile-sbx-')) })
}

/**
 * The key of a test data folder: fixed by its path, so a test that reopens a folder (a restart,
 * a crash) opens it with the same key, as the keychain would give it.
 */
export function testFolderKey(dataDir: string): Buffer {
  return createHash('sha256').update(`casefile test folder ${dataDir}`).digest()
}

/**
 * For a core process forked by a test: its folders' key, given the way a machine with no
 * keychain gives it, so the test needs no Secret Service.
 */
export const TEST_FOLDER_KEY_ENV = { CASEFILE_DB_KEY: 'c0'.repeat(32) }

/** A core on an encrypted test folder (as the app and CLI run), with fast retries and timeouts. */
export function openTestCore(
  sandbox: Pick<RunningSandbox, 'baseUrl' | 'uploadUrl'>,
  options: Partial<CoreOptions> & { key?: () => string | undefined } = {},
): Core {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'casefile-core-'))
  return openCore({
    dataDir,
    folderKey: testFolderKey(dataDir),
    connection: options.connection ?? { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    getApiKey: options.key ?? options.getApiKey ?? (() => undefined),
    retryPolicy: TEST_RETRY_POLICY,
    timeoutMs: TEST_TIMEOUT_MS,
    uploadTimeoutMs: TEST_TIMEOUT_MS,
    ...options,
  })
}

/** A registry client of the given organization, to look at what the registry holds. */
export function inspector(sandbox: RunningSandbox, key: string) {
  return createRegistryClient(
    { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    { getApiKey: () => key },
  )
}

/** Every submission of the organization whose reason is exactly `reason`. */
export async function submissionsWithReason(sandbox: RunningSandbox, key: string, reason: string) {
  const client = inspector(sandbox, key)
  const found = []
  for (let page = 1; ; page++) {
    const { data, meta } = await client.listSubmissions({ page, limit: 100 })
    found.push(...data.filter((r) => r.fraudReason === reason))
    if (page * meta.limit >= meta.total || data.length === 0) break
  }
  return found
}

/** An address where nothing listens: connections are refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return `http://127.0.0.1:${address.port}`
}

let counter = 0
/** A reason unique to one test case, so the registry's copies can be counted. */
export function uniqueReason(label: string): string {
  counter += 1
  return `Case ${label} #${counter} ${Date.now()}: the customer was tricked into sending money to a fake agent over the phone.`
}

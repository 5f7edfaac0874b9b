import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startSandbox, type RunningSandbox, type StartSandboxOptions } from '../../src/sandbox'

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'casefile-sandbox-test-'))
}

export interface Harness {
  sandbox: RunningSandbox
  dataDir: string
  /** The first demo organization's key, and the second's. */
  key: string
  otherKey: string
}

/**
 * Starts a sandbox on a free port in a fresh temp dir for the file's tests and stops it
 * after. Read the fields inside tests (they are filled in beforeAll).
 */
export function useSandbox(options: Partial<StartSandboxOptions> = {}): Harness {
  const harness = {} as Harness
  beforeAll(async () => {
    harness.dataDir = tempDataDir()
    harness.sandbox = await startSandbox({ port: 0, dataDir: harness.dataDir, ...options })
    const [first, second] = harness.sandbox.demoKeys
    if (!first || !second) throw new Error('The sandbox should seed two demo organizations.')
    harness.key = first.key
    harness.otherKey = second.key
  })
  afterAll(async () => {
    await harness.sandbox?.stop()
    rmSync(harness.dataDir, { recursive: true, force: true })
  })
  return harness
}

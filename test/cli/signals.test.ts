// The built `casefile` is one process: SIGTERM/SIGINT stop it cleanly (lease released, exit
// 143/130), and SIGKILL leaves nothing behind — no child still syncing, no orphaned sandbox.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { TEST_FOLDER_KEY_ENV, uniqueReason } from '../support/core-with-sandbox'
import { applyKey } from '../../src/core/store/open-database'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile as runInProcess, tempFolder } from './cli-harness'
import { useBuiltCasefile, type BuiltRun } from './built-casefile'

// Every run here, in this process or spawned, finds the folders' key in CASEFILE_DB_KEY.
const FOLDER_KEY = Buffer.from(TEST_FOLDER_KEY_ENV.CASEFILE_DB_KEY, 'hex')
const runCasefile = (args: readonly string[], env: Record<string, string> = {}) =>
  runInProcess(args, { ...TEST_FOLDER_KEY_ENV, ...env })
const registry = useSandbox()

const casefile = useBuiltCasefile(() => ({
  CASEFILE_API_KEY: registry.key,
  ...TEST_FOLDER_KEY_ENV,
}))

async function until<T>(probe: () => T | undefined | null | false, what: string): Promise<T> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Every process on this machine whose command line names `marker` (a unique temp folder). */
function processesNaming(marker: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
  return ps.stdout
    .split('\n')
    .filter((line) => line.includes(marker) && !line.includes('ps -eo'))
    .map((line) => line.trim())
}

function query<T>(dataDir: string, sql: string): T | undefined {
  const db = new Database(join(dataDir, 'casefile.db'), { readonly: true, fileMustExist: true })
  try {
    applyKey(db, FOLDER_KEY)
    return db.prepare(sql).get() as T | undefined
  } finally {
    db.close()
  }
}

/** A configured folder with one queued report whose create the registry holds for 30 s. */
async function folderWithSlowCreate(): Promise<string> {
  const dataDir = tempFolder('casefile-signals-')
  const set = await runCasefile(
    [
      'config',
      'set',
      '--base-url',
      registry.sandbox.baseUrl,
      '--upload-url',
      registry.sandbox.uploadUrl,
      '--data-dir',
      dataDir,
    ],
    {},
  )
  expect(set.code).toBe(EXIT.ok)
  const report = join(dataDir, 'report.json')
  writeFileSync(
    report,
    JSON.stringify({
      fraudType: 'money_mule',
      fraudReason: uniqueReason('signals'),
      identifiers: [{ label: 'phone', value: '08031234567' }],
    }),
  )
  expect((await runCasefile(['submit', report, '--data-dir', dataDir], {})).code).toBe(EXIT.ok)
  return dataDir
}

/** Starts `casefile sync --until-idle` and waits until its create is in flight. */
async function syncInFlight(dataDir: string): Promise<BuiltRun> {
  registry.sandbox.setFaults([{ kind: 'latency', ms: 30_000, route: 'create' }])
  const sync = casefile(['sync', '--until-idle', '--json', '--data-dir', dataDir])
  await until(
    () =>
      query<{ state: string }>(dataDir, "SELECT state FROM operations WHERE kind = 'create_report'")
        ?.state === 'sending' &&
      query<{ n: number }>(dataDir, 'SELECT count(*) AS n FROM sync_lease')?.n === 1,
    'the create to be sending',
  )
  return sync
}

describe('casefile sync, stopped by a signal', () => {
  it.each([
    ['SIGTERM', EXIT.interruptedSigterm],
    ['SIGINT', EXIT.interruptedSigint],
  ] as const)('%s: stops at once, releases the lease, exits %i', async (signal, exitCode) => {
    const dataDir = await folderWithSlowCreate()
    const sync = await syncInFlight(dataDir)
    sync.child.kill(signal)
    expect(await sync.exited).toEqual({ code: exitCode, signal: null })
    expect(JSON.parse(sync.stdout())).toEqual({
      error: { code: 'interrupted', message: expect.stringMatching(/^Stopped by/), exitCode },
    })
    expect(processesNaming(dataDir)).toEqual([])
    expect(query<{ n: number }>(dataDir, 'SELECT count(*) AS n FROM sync_lease')?.n).toBe(0)
    // The abandoned create is left to reconciliation, as after a crash: never simply resent.
    expect(
      query(dataDir, "SELECT state, outcome_unknown FROM operations WHERE kind = 'create_report'"),
    ).toEqual({ state: 'waiting_retry', outcome_unknown: 1 })
    registry.sandbox.clearFaults()
    const next = await runCasefile(['sync', '--json', '--data-dir', dataDir], {
      CASEFILE_API_KEY: registry.key,
    })
    expect(next.json().leaseHeld).toBe(true)
  })

  it('SIGKILL: nothing keeps syncing behind it, and the next run takes the folder over', async () => {
    const dataDir = await folderWithSlowCreate()
    const sync = await syncInFlight(dataDir)
    sync.child.kill('SIGKILL')
    expect(await sync.exited).toEqual({ code: null, signal: 'SIGKILL' })
    expect(processesNaming(dataDir)).toEqual([])
    registry.sandbox.clearFaults()
    const next = await runCasefile(['sync', '--json', '--data-dir', dataDir], {
      CASEFILE_API_KEY: registry.key,
    })
    expect(next.code).not.toBe(EXIT.busy)
    expect(next.json().leaseHeld).toBe(true)
  })
})

describe('casefile sandbox, stopped by a signal', () => {
  async function startSandboxProcess(): Promise<{ running: BuiltRun; port: number; dir: string }> {
    const dir = tempFolder('casefile-signals-sandbox-')
    const running = casefile(['sandbox', '--port', '0', '--data-dir', dir])
    const port = await until(() => {
      const match = /\{base_url\}\s+= http:\/\/127\.0\.0\.1:(\d+)/.exec(running.stdout())
      return match ? Number(match[1]) : undefined
    }, 'the sandbox to print its address')
    return { running, port, dir }
  }

  const accepts = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })

  it('SIGTERM: stops the server and exits 0', async () => {
    const { running, port, dir } = await startSandboxProcess()
    expect(await accepts(port)).toBe(true)
    running.child.kill('SIGTERM')
    expect(await running.exited).toEqual({ code: 0, signal: null })
    expect(running.stdout()).toMatch(/Stopping the sandbox registry/)
    expect(await accepts(port)).toBe(false)
    expect(processesNaming(dir)).toEqual([])
  })

  it('SIGKILL: no server is left listening', async () => {
    const { running, port, dir } = await startSandboxProcess()
    running.child.kill('SIGKILL')
    await running.exited
    expect(await accepts(port)).toBe(false)
    expect(processesNaming(dir)).toEqual([])
  })
})

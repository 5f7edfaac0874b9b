/*
 * npm run bench:shell — how much the core's work holds up the main process (the router the
 * window's calls, menus and window events go through), printed, never asserted in tests:
 * the event-loop delay of this process (p99 and max, sampled by a 1 ms timer of its own: see
 * loopDelaySampler) while the core
 *   1. imports a 50,000-row CSV through the bulkQueue call (a registry profile whose registry
 *      cannot be reached, so nothing is sent meanwhile), then
 *   2. drains 2,000 creates to the Sandbox profile's own registry (queued through bulkQueue),
 * once with the core in its own process (a forked child, as Electron's utilityProcess runs it in
 * the app) and once with the core in this process (as before), for comparison.
 * Targets with the core in its own process: p99 < 5 ms, max < 20 ms.
 * This process does what Electron's main does for the window: it routes each call through
 * callContract (its input and answer checked with the contract) and checks each pushed event.
 * `--rows N` and `--drain N` change the sizes.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { csvLine } from '../src/core/spreadsheet/csv-writer'
import type { AppCoreProfile } from '../src/shared/app-core'
import { createCasefileAppCore } from '../src/core-process/casefile-app-core'
import { CoreHost, delegateWorkHandlers } from '../src/main/core-host/core-host'
import { forkCoreFromSource } from '../src/main/core-host/fork-core'
import { createProcessAppCore } from '../src/main/core-host/process-app-core'
import { callContract } from '../src/shared/call-contract'
import { createEventPusher } from '../src/main/ipc/push-events'
import type { ContractHandlers } from '../src/shared/contracts'
import { benchReportRows } from './bulk-fixture'

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const IMPORT_ROWS = argument('rows', 50_000)
const DRAIN = argument('drain', 2000)
const TARGET = { p99Ms: 5, maxMs: 20 }

const csvBytes = (rows: number, offset: number) => {
  const lines: string[] = []
  for (const row of benchReportRows(rows, { offset, bankBy: 'slug' })) lines.push(csvLine(row))
  // csvLine ends each line itself (joined with another CRLF, every other row was blank).
  return new TextEncoder().encode(lines.join(''))
}

interface Delay {
  p99Ms: number
  maxMs: number
}

/**
 * The loop's delay, sampled by a 1 ms interval timer of our own: each tick records how late it
 * came, and stopping records the gap since the last tick, so a loop blocked until the very end
 * is counted. (perf_hooks.monitorEventLoopDelay misses a block that starts before its first
 * tick: the in-process import, synchronous from its first line, read 0.0 ms.)
 */
function loopDelaySampler() {
  const samples: number[] = []
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    samples.push(Math.max(0, now - last - 1))
    last = now
  }, 1)
  return (): Delay => {
    clearInterval(timer)
    samples.push(Math.max(0, performance.now() - last - 1))
    samples.sort((a, b) => a - b)
    const p99 = samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))] ?? 0
    return { p99Ms: p99, maxMs: samples.at(-1) ?? 0 }
  }
}

async function measured(work: () => Promise<void>): Promise<Delay> {
  const stop = loopDelaySampler()
  await work()
  return stop()
}

async function run(mode: 'core process' | 'in-process') {
  const userData = mkdtempSync(join(tmpdir(), 'casefile-shell-bench-'))
  let pending = -1
  let drained: (() => void) | null = null
  // What main does with each event: check it against the contract and hand it to the window.
  const push = createEventPusher(() => [{ isDestroyed: () => false, send: () => undefined }])
  // The folder is encrypted as in the app; its key comes the keychain-free way, so the bench
  // never touches the machine's keychain.
  const folderKey = randomBytes(32).toString('hex')
  const host = new CoreHost({
    createCore: (profile) =>
      mode === 'in-process'
        ? createCasefileAppCore(profile, undefined, { keychain: null, envKey: folderKey })
        : createProcessAppCore(profile, forkCoreFromSource({ CASEFILE_DB_KEY: folderKey })),
    onEvent: (event, payload) => {
      push(event, payload)
      if (event === 'outboxChanged') {
        pending = (payload as { pending: number }).pending
        if (pending === 0) drained?.()
      }
    },
  })
  const handlers = delegateWorkHandlers(() => host.workHandlers()) as unknown as ContractHandlers
  const call = async (method: 'bulkQueue', input: unknown) => {
    const result = await callContract(method, [input], handlers)
    if (!result.ok) throw new Error(result.error.message)
    return result.value as { totals: { queued: number } }
  }
  const profile = (id: 'registry' | 'sandbox'): AppCoreProfile => ({
    id,
    dataDir: join(userData, 'profiles', id),
    registry:
      id === 'registry'
        ? { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9/upload-service' }
        : null,
    sandboxRegistryDir: id === 'sandbox' ? join(userData, 'sandbox-registry') : null,
    getApiKey: async () => (id === 'registry' ? 'unused-key' : null),
  })

  const importBytes = csvBytes(IMPORT_ROWS, 0)
  await host.run(profile('registry'))
  let queued = 0
  const importDelay = await measured(async () => {
    queued = (await call('bulkQueue', { fileName: 'bench.csv', bytes: importBytes })).totals.queued
  })
  if (queued !== IMPORT_ROWS) throw new Error(`imported ${queued} of ${IMPORT_ROWS} rows`)

  await host.run(profile('sandbox'))
  const drainBytes = csvBytes(DRAIN, 1_000_000)
  const drainDelay = await measured(async () => {
    const done = new Promise<void>((resolve) => (drained = resolve))
    const { totals } = await call('bulkQueue', { fileName: 'drain.csv', bytes: drainBytes })
    if (totals.queued !== DRAIN) throw new Error(`queued ${totals.queued} of ${DRAIN}`)
    await done
  })
  await host.stop()
  rmSync(userData, { recursive: true, force: true })
  return { importDelay, drainDelay }
}

const ms = (value: number) => `${value.toFixed(1)} ms`
function line(label: string, delay: Delay, target: boolean) {
  const verdict = target
    ? ` (target p99 < ${TARGET.p99Ms} ms: ${delay.p99Ms < TARGET.p99Ms ? 'met' : 'MISSED'}; max < ${TARGET.maxMs} ms: ${delay.maxMs < TARGET.maxMs ? 'met' : 'MISSED'})`
    : ''
  return `  ${label.padEnd(38)} p99 ${ms(delay.p99Ms).padStart(9)}  max ${ms(delay.maxMs).padStart(9)}${verdict}`
}

async function main(): Promise<void> {
  console.log(
    `Event-loop delay of the main process (Node ${process.version}) while the core imports ${IMPORT_ROWS.toLocaleString('en')} rows, then drains ${DRAIN.toLocaleString('en')} creates:`,
  )
  for (const mode of ['core process', 'in-process'] as const) {
    const { importDelay, drainDelay } = await run(mode)
    const label = mode === 'core process' ? 'core in its own process' : 'core in this process'
    console.log(line(`${label}, import`, importDelay, mode === 'core process'))
    console.log(line(`${label}, drain`, drainDelay, mode === 'core process'))
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

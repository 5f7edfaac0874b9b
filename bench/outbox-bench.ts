// npm run bench:outbox — the outbox's speed, printed (never asserted in tests):
//  1. operations queued per second, in batches (target ≥ 5,000/s);
//  2. time to drain 2,000 queued creates against the local sandbox registry with its faults
//     off (target ≥ 300 creates/s), and a one-at-a-time baseline measured in the same run
//     (target: the bounded-concurrent drain at least 3× faster);
//  3. the same pair over a simulated network round trip (the sandbox's --latency), which is
//     what concurrency is for: on loopback both processes share this machine's two cores, so
//     sending four at once can only overlap CPU, not waiting.
// The sandbox runs in its own process, as it would for the app, so it does not share this
// process's event loop. The offline search figures follow from bench/offline-search-bench.ts.
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CasefileCore } from '../src/core/casefile-core'

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const QUEUED = argument('queue', 20_000)
const BATCH = argument('batch', 500)
const DRAIN = argument('drain', 2000)
const BASELINE = argument('baseline', 300)
const LATENCY_MS = argument('latency', 20)
const LATENCY_DRAIN = argument('latency-drain', 600)

const draftOf = (i: number) => ({
  fraudType: 'money_mule',
  fraudReason: `Benchmark report ${i}: the account received funds from several victims of an investment scam and moved them on within the hour.`,
  identifiers: [
    { label: 'account', value: `${String(1_000_000_000 + i)}_access-bank` },
    { label: 'phone', value: `080${String(10_000_000 + i)}` },
  ],
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

async function startSandboxProcess(extra: string[] = []) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-bench-sbx-'))
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(__dirname, '../src/sandbox/main.ts'),
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const key = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += String(chunk)
      const match = /x-api-key for [^:]+: (\S+)/.exec(out)
      if (match?.[1]) resolve(match[1])
    })
    child.on('exit', (code) =>
      reject(new Error(`the sandbox exited (${code}) before it was ready`)),
    )
  })
  return { baseUrl: `http://127.0.0.1:${port}`, key, stop: () => child.kill('SIGTERM'), dataDir }
}

/** A core on an encrypted folder, as the app and the CLI keep; `plain` only for the comparison. */
function openCore(sandbox: { baseUrl: string; key: string }, concurrency: number, plain = false) {
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-bench-core-'))
  return new CasefileCore({
    dataDir,
    folderKey: plain ? undefined : randomBytes(32),
    connection: { baseUrl: sandbox.baseUrl, uploadUrl: `${sandbox.baseUrl}/upload-service` },
    getApiKey: () => sandbox.key,
    concurrency,
  })
}

async function drain(
  sandbox: { baseUrl: string; key: string },
  count: number,
  concurrency: number,
  offset: number,
  plain = false,
) {
  const core = openCore(sandbox, concurrency, plain)
  for (let from = 0; from < count; from += BATCH)
    core.submitMany(
      Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => draftOf(offset + from + i)),
    )
  const started = performance.now()
  const summary = await core.engine.runUntilIdle()
  const seconds = (performance.now() - started) / 1000
  const { pending } = core.outbox()
  await core.close()
  rmSync(core.dataDir, { recursive: true, force: true })
  if (pending !== 0 || summary.sent !== count)
    throw new Error(`drain left ${pending} pending, sent ${summary.sent} of ${count}`)
  return { seconds, rate: count / seconds }
}

async function main(): Promise<void> {
  // 1. Queueing.
  const queueCore = openCore({ baseUrl: 'http://127.0.0.1:9', key: 'unused' }, 1)
  const t0 = performance.now()
  for (let from = 0; from < QUEUED; from += BATCH) {
    const results = queueCore.submitMany(
      Array.from({ length: Math.min(BATCH, QUEUED - from) }, (_, i) => draftOf(from + i)),
    )
    if (results.some((r) => !r.ok)) throw new Error('a benchmark draft was refused')
  }
  const queueSeconds = (performance.now() - t0) / 1000
  const operations = queueCore.outbox().pending
  await queueCore.close()
  rmSync(queueCore.dataDir, { recursive: true, force: true })
  const queueRate = operations / queueSeconds
  console.log(
    `queue: ${operations.toLocaleString('en')} reports drafted and queued in batches of ${BATCH} in ${queueSeconds.toFixed(2)} s = ${Math.round(queueRate).toLocaleString('en')} operations/s (target ≥ 5,000/s: ${queueRate >= 5000 ? 'meets target' : 'MISSES target'})`,
  )

  // 2. Draining against the sandbox registry, faults off.
  const sandbox = await startSandboxProcess()
  try {
    const baseline = await drain(sandbox, BASELINE, 1, 1_000_000)
    console.log(
      `drain, one at a time: ${BASELINE} creates in ${baseline.seconds.toFixed(2)} s = ${baseline.rate.toFixed(0)} creates/s (baseline)`,
    )
    const concurrent = await drain(sandbox, DRAIN, 4, 2_000_000)
    const speedup = concurrent.rate / baseline.rate
    console.log(
      `drain, 4 chains at once: ${DRAIN.toLocaleString('en')} creates in ${concurrent.seconds.toFixed(2)} s = ${concurrent.rate.toFixed(0)} creates/s (target ≥ 300/s: ${concurrent.rate >= 300 ? 'meets target' : 'MISSES target'})`,
    )
    console.log(
      `speed-up over one at a time: ${speedup.toFixed(1)}× (target ≥ 3×: ${speedup >= 3 ? 'meets target' : 'MISSES target'})`,
    )
    const plain = await drain(sandbox, DRAIN, 4, 2_500_000, true)
    const cost = 1 - concurrent.rate / plain.rate
    console.log(
      `the same into a plain folder: ${plain.rate.toFixed(0)} creates/s; encryption costs ${(cost * 100).toFixed(1)} % (target < 15 %: ${cost < 0.15 ? 'meets target' : 'MISSES target'})`,
    )
  } finally {
    sandbox.stop()
  }

  // 3. The same over a network round trip.
  const far = await startSandboxProcess(['--latency', String(LATENCY_MS)])
  try {
    const baseline = await drain(far, Math.min(BASELINE, 150), 1, 3_000_000)
    const concurrent = await drain(far, LATENCY_DRAIN, 4, 4_000_000)
    console.log(
      `with ${LATENCY_MS} ms added to every request: one at a time ${baseline.rate.toFixed(0)} creates/s, 4 at once ${concurrent.rate.toFixed(0)} creates/s = ${(concurrent.rate / baseline.rate).toFixed(1)}×`,
    )
  } finally {
    far.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

// npm run bench:outbox — the outbox's speed, printed (never asserted in tests):
//  1. operations queued per second, in batches (target ≥ 5,000/s);
//  2. time to drain 2,000 queued creates against the local sandbox registry with its faults
//     off (target ≥ 300 creates/s), with the outbox's own pace (adaptive: 4 at first, up to 16),
//     and a one-at-a-time baseline measured in the same run (target: at least 3× faster);
//  3. 2,000 creates over a slow link: 150 ms added to every request by the sandbox's --latency,
//     as a mobile connection to a registry abroad (target ≤ 30 s);
//  4. the same with 5 % of creates answered 429 with Retry-After: 1 (target ≤ 30 s, and no
//     request at all reaching the registry while a Retry-After holds, the count printed).
// The sandbox runs in its own process, as it would for the app, so it does not share this
// process's event loop. The offline search figures follow from bench/offline-search-bench.ts.
import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Core, openCore as openCasefileCore } from '../src/core/open-core'
import { isRegistryError } from '../src/core/registry-error'
import * as Outbox from '../src/core/outbox/outbox'

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN
  return Number.isFinite(value) && value > 0 ? value : fallback
}
const QUEUED = argument('queue', 20_000)
const BATCH = argument('batch', 500)
const DRAIN = argument('drain', 2000)
const BASELINE = argument('baseline', 300)
const LATENCY_MS = argument('latency', 150)
const LATENCY_DRAIN = argument('latency-drain', 2000)
const RATE_LIMITED = 0.05

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
function openCore(sandbox: { baseUrl: string; key: string }, concurrency?: number, plain = false) {
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-bench-core-'))
  return openCasefileCore({
    dataDir,
    folderKey: plain ? undefined : randomBytes(32),
    connection: { baseUrl: sandbox.baseUrl, uploadUrl: `${sandbox.baseUrl}/upload-service` },
    getApiKey: () => sandbox.key,
    concurrency,
  })
}

/**
 * Records each create's start, end and Retry-After, to check that nothing reached the registry
 * while a 429's Retry-After held (it holds for every request: registry-notes.md). Calls the
 * client held back itself (the registry not asked) are counted apart.
 */
function watchCreates(core: Core) {
  const calls: {
    startedAt: number
    endedAt: number
    retryAfterMs?: number
    heldBack?: boolean
  }[] = []
  const original = core.client.createReport.bind(core.client)
  core.client.createReport = async (input, options) => {
    const call: (typeof calls)[number] = { startedAt: Date.now(), endedAt: 0 }
    calls.push(call)
    try {
      return await original(input, options)
    } catch (error) {
      if (isRegistryError(error) && error.kind === 'rate_limited') {
        call.retryAfterMs = error.retryAfterMs
        call.heldBack = error.status === undefined
      }
      throw error
    } finally {
      call.endedAt = Date.now()
    }
  }
  return () => {
    const reached = calls.filter((c) => !c.heldBack)
    const limited = reached.filter((c) => c.retryAfterMs !== undefined)
    const early = reached.filter((c) =>
      limited.some(
        (refused) =>
          c.startedAt >= refused.endedAt &&
          c.startedAt < refused.endedAt + (refused.retryAfterMs ?? 0),
      ),
    )
    return {
      limited: limited.length,
      early: early.length,
      requests: reached.length,
      heldBack: calls.length - reached.length,
    }
  }
}

async function drain(
  sandbox: { baseUrl: string; key: string },
  count: number,
  concurrency: number | undefined,
  offset: number,
  plain = false,
) {
  const core = openCore(sandbox, concurrency, plain)
  for (let from = 0; from < count; from += BATCH)
    Outbox.submitMany(
      core,
      Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => draftOf(offset + from + i)),
    )
  const watched = watchCreates(core)
  const started = performance.now()
  // Until idle, sleeping to each retry time (a 429's Retry-After) as the app's own wake-ups do.
  let summary = await core.engine.runUntilIdle()
  let sent = summary.sent
  while (Outbox.outbox(core).pending > 0 && summary.leaseHeld) {
    summary = await core.engine.runUntilIdle()
    sent += summary.sent
  }
  const seconds = (performance.now() - started) / 1000
  const { pending } = Outbox.outbox(core)
  const done = Outbox.outbox(core, ['done']).operations.length
  await core.close()
  rmSync(core.dataDir, { recursive: true, force: true })
  if (pending !== 0 || done !== count)
    throw new Error(`drain left ${pending} pending, ${done} of ${count} done (${sent} counted)`)
  return { seconds, rate: count / seconds, retries: watched() }
}

async function main(): Promise<void> {
  // 1. Queueing.
  const queueCore = openCore({ baseUrl: 'http://127.0.0.1:9', key: 'unused' }, 1)
  const t0 = performance.now()
  for (let from = 0; from < QUEUED; from += BATCH) {
    const results = Outbox.submitMany(
      queueCore,
      Array.from({ length: Math.min(BATCH, QUEUED - from) }, (_, i) => draftOf(from + i)),
    )
    if (results.some((r) => !r.ok)) throw new Error('a benchmark draft was refused')
  }
  const queueSeconds = (performance.now() - t0) / 1000
  const operations = Outbox.outbox(queueCore).pending
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
    const paced = await drain(sandbox, DRAIN, undefined, 2_000_000)
    const speedup = paced.rate / baseline.rate
    console.log(
      `drain, at the outbox's own pace (4 at first, up to 16): ${DRAIN.toLocaleString('en')} creates in ${paced.seconds.toFixed(2)} s = ${paced.rate.toFixed(0)} creates/s (target ≥ 300/s: ${paced.rate >= 300 ? 'meets target' : 'MISSES target'})`,
    )
    console.log(
      `loopback speed-up over one at a time: ${speedup.toFixed(1)}× (target ≥ 3×: ${speedup >= 3 ? 'meets target' : 'MISSES target'})`,
    )
    const plain = await drain(sandbox, DRAIN, undefined, 2_500_000, true)
    const cost = 1 - paced.rate / plain.rate
    console.log(
      `the same into a plain folder: ${plain.rate.toFixed(0)} creates/s; encryption costs ${(cost * 100).toFixed(1)} % (target < 15 %: ${cost < 0.15 ? 'meets target' : 'MISSES target'})`,
    )
  } finally {
    sandbox.stop()
  }

  // 3. Over a slow link.
  const far = await startSandboxProcess(['--latency', String(LATENCY_MS)])
  try {
    const slow = await drain(far, LATENCY_DRAIN, undefined, 3_000_000)
    console.log(
      `with ${LATENCY_MS} ms added to every request: ${LATENCY_DRAIN.toLocaleString('en')} creates in ${slow.seconds.toFixed(1)} s = ${slow.rate.toFixed(0)} creates/s (target ≤ 30 s: ${slow.seconds <= 30 ? 'meets target' : 'MISSES target'})`,
    )
  } finally {
    far.stop()
  }

  // 4. The same with 5 % of the creates answered 429.
  const limited = await startSandboxProcess([
    '--latency',
    String(LATENCY_MS),
    '--faults',
    JSON.stringify([
      { kind: 'rate_limit', rate: RATE_LIMITED, retryAfterSeconds: 1, route: 'create' },
    ]),
  ])
  try {
    const run = await drain(limited, LATENCY_DRAIN, undefined, 4_000_000)
    console.log(
      `the same with ${RATE_LIMITED * 100} % of creates answered 429 (Retry-After: 1): ${run.seconds.toFixed(1)} s (target ≤ 30 s: ${run.seconds <= 30 ? 'meets target' : 'MISSES target'}); ` +
        `${run.retries.limited} answered 429 of ${run.retries.requests} requests, ${run.retries.early} sent while a Retry-After held (target 0: ${run.retries.early === 0 ? 'meets target' : 'MISSES target'}), ${run.retries.heldBack} held back by the client`,
    )
    console.log(
      '  (a 429 holds every request until its Retry-After, as registry-notes.md asks of a polite client: with 5 % of creates refused, the queue spends most of this time waiting, by design)',
    )
  } finally {
    limited.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

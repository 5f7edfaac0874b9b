/**
 * Creates per second the sandbox registry takes from 8 concurrent keep-alive clients.
 *
 *   npm run bench:sandbox                      # server in its own process (as `npm run sandbox`)
 *   npm run bench:sandbox -- --in-process      # server in this process, sharing its event loop
 *   npm run bench:sandbox -- --creates 20000 --clients 16
 *
 * Prints figures only; it asserts nothing about speed. It does check that every create
 * answered 201 and that the registry holds exactly the reports it was sent.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { Agent, request } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { startSandbox } from '../src/sandbox'

const { values } = parseArgs({
  options: {
    creates: { type: 'string', default: '5000' },
    clients: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '200' },
    'in-process': { type: 'boolean', default: false },
  },
})
const CREATES = Number(values.creates)
const CLIENTS = Number(values.clients)
const WARMUP = Number(values.warmup)

interface Target {
  baseUrl: string
  key: string
  stop: () => Promise<void>
}

/** Starts `src/sandbox/main.ts` as a child and reads its base URL and first demo key from stdout. */
async function startChild(dataDir: string): Promise<Target> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/sandbox/main.ts', '--port', '0', '--data-dir', dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const lines = createInterface({ input: child.stdout! })
  let baseUrl = ''
  let key = ''
  for await (const line of lines) {
    baseUrl ||= /\{base_url\}\s*=\s*(\S+)/.exec(line)?.[1] ?? ''
    key ||= /x-api-key for .*: (\S+)/.exec(line)?.[1] ?? ''
    if (baseUrl && key) break
  }
  if (!baseUrl || !key) throw new Error('The sandbox child did not print its base URL and keys.')
  return {
    baseUrl,
    key,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

async function startInProcess(dataDir: string): Promise<Target> {
  const sandbox = await startSandbox({ port: 0, dataDir })
  return { baseUrl: sandbox.baseUrl, key: sandbox.demoKeys[0]!.key, stop: () => sandbox.stop() }
}

function body(n: number): string {
  return JSON.stringify({
    fraudType: 'money_mule',
    fraudReason: `Benchmark report ${n}: account received and forwarded proceeds of a phishing campaign within minutes.`,
    identifiers: [
      { label: 'account', value: `${String(n).padStart(10, '0')}_gtbank` },
      { label: 'phone', value: `0803${String(n % 10_000_000).padStart(7, '0')}` },
    ],
    attachments: [],
    showUploaderInfo: false,
  })
}

/**
 * One POST over node:http with a keep-alive agent: much cheaper per request than fetch, so the
 * client (which shares this machine's two cores with the server) weighs less on the figure.
 */
function post(agent: Agent, target: Target, payload: string): Promise<number> {
  const url = new URL('/api/v1/external/reports', target.baseUrl)
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-api-key': target.key,
        },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/** `count` creates spread over `clients` loops, each sending one request at a time. */
async function run(target: Target, from: number, count: number, clients: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: clients })
  const latencies: number[] = []
  let next = from
  const end = from + count
  const loop = async () => {
    while (next < end) {
      const n = next++
      const started = performance.now()
      const status = await post(agent, target, body(n))
      if (status !== 201) throw new Error(`Create ${n} answered ${status}.`)
      latencies.push(performance.now() - started)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: clients }, loop))
  agent.destroy()
  return {
    seconds: (performance.now() - started) / 1000,
    latencies: latencies.sort((a, b) => a - b),
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-sandbox-bench-'))
  const target = values['in-process'] ? await startInProcess(dataDir) : await startChild(dataDir)
  try {
    await run(target, 0, WARMUP, CLIENTS)
    const { seconds, latencies } = await run(target, WARMUP, CREATES, CLIENTS)
    const state = await fetch(`${target.baseUrl}/__sandbox/faults`).then(
      (r) => r.json() as Promise<{ data: { reportCount: number } }>,
    )
    const held = state.data.reportCount
    console.log(
      `sandbox bench (${values['in-process'] ? 'server in-process' : 'server in its own process'}, ` +
        `${CLIENTS} keep-alive clients, ${CREATES} creates after ${WARMUP} warm-up)`,
    )
    console.log(`  creates/s      ${(CREATES / seconds).toFixed(0)}`)
    console.log(`  elapsed        ${seconds.toFixed(2)} s`)
    console.log(
      `  latency ms     p50 ${percentile(latencies, 50).toFixed(2)}  p99 ${percentile(latencies, 99).toFixed(2)}  max ${latencies.at(-1)?.toFixed(2)}`,
    )
    console.log(
      `  reports held   ${held} (sent ${WARMUP + CREATES}${held === WARMUP + CREATES ? ', none lost or doubled' : ' — MISMATCH'})`,
    )
    if (held !== WARMUP + CREATES) process.exitCode = 1
  } finally {
    await target.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

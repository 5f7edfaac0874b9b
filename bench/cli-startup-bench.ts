/**
 * Start-up of the built `casefile` command against a bare `node -e ''`:
 * `casefile outbox --json` on an empty, configured data folder, run through bin/casefile.mjs
 * as an installed copy runs it (the bundle in out/cli, built first).
 *
 *   npm run bench:cli                    # 10 runs of each, interleaved; the median of each
 *   npm run bench:cli -- --runs 30
 *
 * Prints figures only (target: within 3× of `node -e ''`); it checks that every run exited 0
 * and printed the outbox document.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'vite'
import { cli } from '../electron.vite.config'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '10' } } })
const RUNS = Number(values.runs)
const root = join(__dirname, '..')
const bin = join(root, 'bin', 'casefile.mjs')

/**
 * Each run also reports the CPU time its process used (user + system), written to stderr at
 * exit by the same one-line hook in both commands: on a machine busy with other work, CPU time
 * moves much less than wall time.
 */
const CPU_HOOK =
  "data:text/javascript,process.on('exit',()=>{const u=process.cpuUsage();process.stderr.write('\\ncpu-us '+(u.user+u.system)+'\\n')})"

interface Run {
  wallMs: number
  cpuMs: number
}

function timed(args: string[], check?: (stdout: string) => void): Run {
  const started = process.hrtime.bigint()
  const run = spawnSync(process.execPath, ['--import', CPU_HOOK, ...args], { encoding: 'utf8' })
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6
  if (run.status !== 0)
    throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr || run.stdout}`)
  check?.(run.stdout)
  const cpu = /cpu-us (\d+)/.exec(run.stderr)
  if (!cpu) throw new Error(`no CPU time reported: ${run.stderr}`)
  return { wallMs, cpuMs: Number(cpu[1]) / 1000 }
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

async function main(): Promise<void> {
  await build(cli)
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-bench-cli-'))
  try {
    timed([
      bin,
      'config',
      'set',
      '--base-url',
      'http://127.0.0.1:9',
      '--upload-url',
      'http://127.0.0.1:9',
      '--data-dir',
      dataDir,
    ])
    const outbox = [bin, 'outbox', '--json', '--data-dir', dataDir]
    const isOutbox = (stdout: string) => {
      if (JSON.parse(stdout).pending !== 0) throw new Error(`unexpected outbox: ${stdout}`)
    }
    // One of each first: the disk cache and the database's first open are not start-up.
    timed(['-e', ''])
    timed(outbox, isOutbox)
    const bare: Run[] = []
    const cli: Run[] = []
    for (let i = 0; i < RUNS; i++) {
      bare.push(timed(['-e', '']))
      cli.push(timed(outbox, isOutbox))
    }
    const figure = (runs: Run[], key: keyof Run) => median(runs.map((run) => run[key]))
    const [nodeMs, cliMs] = [figure(bare, 'wallMs'), figure(cli, 'wallMs')]
    const [nodeCpu, cliCpu] = [figure(bare, 'cpuMs'), figure(cli, 'cpuMs')]
    console.log(`medians of ${RUNS} runs each    wall time   CPU time`)
    console.log(
      `node -e ''                    ${nodeMs.toFixed(1).padStart(7)} ms ${nodeCpu.toFixed(1).padStart(7)} ms`,
    )
    console.log(
      `casefile outbox --json        ${cliMs.toFixed(1).padStart(7)} ms ${cliCpu.toFixed(1).padStart(7)} ms`,
    )
    console.log(
      `start-up ratio: ${(cliMs / nodeMs).toFixed(2)}× node -e '' (wall time; target ≤ 3×), ${(cliCpu / nodeCpu).toFixed(2)}× in CPU time`,
    )
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

void main()

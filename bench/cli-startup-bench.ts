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

function timed(args: string[], check?: (stdout: string) => void): number {
  const started = process.hrtime.bigint()
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  if (run.status !== 0)
    throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr || run.stdout}`)
  check?.(run.stdout)
  return ms
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
    const bare: number[] = []
    const cli: number[] = []
    for (let i = 0; i < RUNS; i++) {
      bare.push(timed(['-e', '']))
      cli.push(timed(outbox, isOutbox))
    }
    const nodeMs = median(bare)
    const cliMs = median(cli)
    console.log(`node -e ''                      median of ${RUNS}: ${nodeMs.toFixed(1)} ms`)
    console.log(`casefile outbox --json (built)  median of ${RUNS}: ${cliMs.toFixed(1)} ms`)
    console.log(`start-up ratio: ${(cliMs / nodeMs).toFixed(2)}× node -e '' (target ≤ 3×)`)
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

void main()

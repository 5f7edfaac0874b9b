import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Every folder and shared memory segment the fixture makes carries the test process's pid, so
// what a killed run left behind (vitest ends its workers without 'exit' hooks; a SIGKILL runs
// nothing) can be told from what a live run still uses, and removed by the next run.
const TEMP_NAME = /^casefile-bank-[a-z]+-p(\d+)-/
const SEGMENT_NAME = /^cfbank(\d+)n\d+-/

/** A new temp folder for one part of the bank network. */
export function bankTempDir(kind: 'ca' | 'nginx' | 'squid' | 'sandbox'): string {
  sweepLeftovers()
  return mkdtempSync(join(tmpdir(), `casefile-bank-${kind}-p${process.pid}-`))
}

/** The squid service name (and so shared memory prefix) of this process's nth squid. */
export function squidServiceName(n: number): string {
  return `cfbank${process.pid}n${n}`
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

let swept = false

function sweepLeftovers(): void {
  if (swept) return
  swept = true
  const sweep = (folder: string, pattern: RegExp): void => {
    let names: string[]
    try {
      names = readdirSync(folder)
    } catch {
      return
    }
    for (const name of names) {
      const pid = pattern.exec(name)?.[1]
      if (pid && !alive(Number(pid))) {
        try {
          rmSync(join(folder, name), { recursive: true, force: true })
        } catch {
          // Another user's, or going away by itself: not ours to insist on.
        }
      }
    }
  }
  sweep(tmpdir(), TEMP_NAME)
  if (process.platform === 'linux') sweep('/dev/shm', SEGMENT_NAME)
}

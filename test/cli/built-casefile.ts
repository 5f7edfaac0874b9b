import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { afterEach } from 'vitest'

/** The `casefile` command as it ships (bin/casefile.mjs over out/cli, built before the tests). */
export const BUILT_CASEFILE = join(__dirname, '..', '..', 'bin', 'casefile.mjs')

export interface BuiltRun {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * The built `casefile` in a process of its own, as a person or a scheduler runs it: `baseEnv`
 * (read at each run) and the run's own `env` over this process's environment; with `faketime`
 * (`faketime -f` offset, e.g. '-65m'), on a clock that far off. Every process a test started
 * and left running is killed after it.
 */
export function useBuiltCasefile(baseEnv: () => Record<string, string> = () => ({})) {
  const started: ChildProcess[] = []
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  })
  return (
    args: readonly string[],
    env: Record<string, string> = {},
    options: { faketime?: string } = {},
  ): BuiltRun => {
    const argv = [process.execPath, BUILT_CASEFILE, ...args]
    const [command, ...rest] = options.faketime
      ? ['faketime', '-f', options.faketime, ...argv]
      : argv
    const child = spawn(command as string, rest, {
      env: { ...process.env, ...baseEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    started.push(child)
    let out = ''
    let err = ''
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()))
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve, reject) => {
        child.on('exit', (code, signal) => resolve({ code, signal }))
        child.on('error', (error: NodeJS.ErrnoException) =>
          reject(
            error.code === 'ENOENT' && options.faketime
              ? new Error('faketime is not installed: `apt-get install faketime` (Debian).')
              : error,
          ),
        )
      },
    )
    return { child, stdout: () => out, stderr: () => err, exited }
  }
}

import { spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs'

/** A server program (nginx, squid) run in the foreground as a child of the test process. */
export interface Daemon {
  readonly name: string
  readonly pid: number
  /** What it wrote on stdout and stderr so far (the last 64 KB), for error messages. */
  output(): string
  running(): boolean
  /** Resolves when it has exited and every process that shared its output pipe is gone. */
  readonly closed: Promise<void>
  /**
   * Sends `signal`, waits for it to end, and kills it outright if it is still there after
   * `graceMs`. Safe to call twice.
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>
}

export interface DaemonOptions {
  name: string
  cwd: string
  /** Started as this user (the test runs as root and the program must not). */
  runAs?: { uid: number; gid: number }
  /**
   * Sent when the test process exits or dies without having stopped it (the 'exit' hook and
   * the parent-death signal), and by stop() unless told otherwise. SIGTERM by default.
   */
  exitSignal?: NodeJS.Signals
  /** Runs after it has ended, however it ended (stop, crash, or the test process exiting). */
  cleanup?: () => void
}

const OUTPUT_LIMIT = 64 * 1024

const live = new Set<{ child: ChildProcess; signal: NodeJS.Signals; cleanup?: () => void }>()
let exitHookInstalled = false

// A script that exits without stop() must not leave a proxy listening. The 'exit' hook can
// only do synchronous work, so it signals and cleans up. (Vitest ends its workers without
// running 'exit' hooks: there the parent-death signal below is what ends the servers.)
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const entry of live) {
      try {
        entry.child.kill(entry.signal)
      } catch {
        // already gone
      }
      entry.cleanup?.()
    }
    live.clear()
  })
}

let setprivPath: string | null | undefined
function setpriv(): string | null {
  if (setprivPath !== undefined) return setprivPath
  setprivPath = null
  if (process.platform !== 'linux') return setprivPath
  for (const candidate of ['/usr/bin/setpriv', '/bin/setpriv']) {
    try {
      accessSync(candidate, constants.X_OK)
      setprivPath = candidate
      break
    } catch {
      // try the next
    }
  }
  return setprivPath
}

/**
 * Starts `program` in the foreground. On Linux it runs under util-linux's `setpriv
 * --pdeathsig`, so the kernel signals it when the test process dies in a way no 'exit' hook
 * sees (SIGKILL, a crash, vitest tearing a worker down). setpriv also drops to `runAs`
 * before it sets the death signal, because the kernel clears that signal on a change of
 * user: squid switching to its own user after starting as root would lose it.
 */
export function startDaemon(program: string, args: string[], options: DaemonOptions): Daemon {
  installExitHook()
  const signal = options.exitSignal ?? 'SIGTERM'
  const wrapper = setpriv()
  let child: ChildProcess
  if (wrapper) {
    const user = options.runAs
      ? [
          '--reuid',
          String(options.runAs.uid),
          '--regid',
          String(options.runAs.gid),
          '--clear-groups',
        ]
      : []
    child = spawn(
      wrapper,
      [...user, '--pdeathsig', signal.replace(/^SIG/, ''), '--', program, ...args],
      {
        cwd: options.cwd,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
  } else {
    child = spawn(program, args, {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(options.runAs ?? {}),
    })
  }
  const entry = { child, signal, cleanup: options.cleanup }
  live.add(entry)

  let output = ''
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8')
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  let exited = false
  let spawnError: Error | undefined
  const hasExited = new Promise<void>((resolve) => {
    const finish = (): void => {
      if (exited) return
      exited = true
      live.delete(entry)
      options.cleanup?.()
      resolve()
    }
    child.once('exit', finish)
    child.once('error', (error) => {
      spawnError = error
      finish()
    })
  })
  // 'close' waits for every holder of the output pipes: nginx's workers and squid's helpers
  // inherit them, so this is also "no process of ours is left".
  const closed = new Promise<void>((resolve) => {
    child.once('close', () => resolve())
    child.once('error', () => resolve())
  })

  return {
    name: options.name,
    get pid() {
      return child.pid ?? -1
    },
    output: () => (spawnError ? `${spawnError.message}\n${output}` : output),
    running: () => !exited,
    closed,
    async stop(stopSignal: NodeJS.Signals = signal, graceMs = 5_000) {
      const helpers = exited || child.pid === undefined ? [] : descendants(child.pid)
      if (!exited) child.kill(stopSignal)
      if (!(await within(hasExited, graceMs))) child.kill('SIGKILL')
      await hasExited
      // A helper that kept the pipe open after its parent died must not hold up the tests.
      await within(closed, 2_000)
      await within(allGone(helpers), 2_000)
    },
  }
}

/**
 * Every process below `pid` (Linux only: elsewhere none are known). Squid's helpers write to
 * its cache log, not to our pipe, so 'close' does not wait for them; stop() does, by pid.
 */
function descendants(pid: number): number[] {
  if (process.platform !== 'linux') return []
  const found: number[] = []
  const visit = (parent: number): void => {
    let tasks: string[] = []
    try {
      tasks = readdirSync(`/proc/${parent}/task`)
    } catch {
      return
    }
    for (const task of tasks) {
      let children = ''
      try {
        children = readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8')
      } catch {
        continue
      }
      for (const child of children.split(/\s+/).filter(Boolean).map(Number)) {
        found.push(child)
        visit(child)
      }
    }
  }
  visit(pid)
  return found
}

/** Gone, or a zombie waiting for init to reap it: either way it no longer runs. */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return /\) [ZX] /.test(stat)
  } catch {
    return true
  }
}

async function allGone(pids: number[]): Promise<void> {
  while (!pids.every(ended)) await new Promise((resolve) => setTimeout(resolve, 10))
}

/** Whether `promise` settled within `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([promise.then(() => true as const), late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Waits until `ready()` is true, polling every 10 ms; throws with the daemon's output when it
 * exits first or `timeoutMs` passes.
 */
export async function waitUntil(
  daemon: Daemon,
  ready: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await ready()) return
    if (!daemon.running()) {
      throw new DaemonStartError(
        `${daemon.name} exited before ${what}:\n${daemon.output()}`,
        daemon.output(),
      )
    }
    if (Date.now() > deadline) {
      throw new DaemonStartError(
        `${daemon.name} did not get to ${what} within ${timeoutMs} ms:\n${daemon.output()}`,
        daemon.output(),
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export class DaemonStartError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message)
    this.name = 'DaemonStartError'
  }

  /** The port was taken between choosing it and the daemon binding it: worth another try. */
  get portTaken(): boolean {
    return /address already in use|EADDRINUSE|\(98\)/i.test(this.output)
  }
}

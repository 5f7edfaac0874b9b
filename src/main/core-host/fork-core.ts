import { fork } from 'node:child_process'
import { join } from 'node:path'
import { CORE_ENV, CORE_V8_FLAGS } from './core-heap'
import type { SpawnCore } from './process-app-core'

/**
 * The core process under plain Node (tests, the web harness, the benches): a forked child
 * running core-process-main with structured-clone messages (spreadsheets and attachments cross
 * as bytes), with the app's V8 flags (core-heap.ts). `execArgv` lets a TypeScript entry run
 * through tsx.
 */
export function forkCore(
  entry: string,
  execArgv: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
): SpawnCore {
  return () => {
    const child = fork(entry, [], {
      serialization: 'advanced',
      execArgv: [...CORE_V8_FLAGS, ...execArgv],
      env: { ...process.env, ...CORE_ENV, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    return {
      // A message to a process already gone is dropped: its exit is reported by onExit.
      post: (message) => {
        if (child.connected) child.send(message, () => undefined)
      },
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) =>
        child.once('exit', (code, signal) =>
          listener(signal ? `killed by ${signal}` : `exit code ${code ?? 'unknown'}`),
        ),
      kill: () => void child.kill(),
      pid: child.pid,
    }
  }
}

/**
 * The core process from the TypeScript sources, through tsx (tests, the web harness, the
 * benches), with `env` added to its environment.
 */
export function forkCoreFromSource(env: NodeJS.ProcessEnv = {}): SpawnCore {
  return forkCore(
    join(__dirname, '../../core-process/core-process-main.ts'),
    ['--import', 'tsx'],
    env,
  )
}

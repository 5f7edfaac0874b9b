import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import type { RunningSandbox } from '../../src/sandbox'

/**
 * Starts sync-child.ts on a data folder: a process that syncs it until nothing more can move,
 * as the app or the CLI would, for a test to kill (SIGKILL) and start again. `clockSkewMs` sets
 * its clock off the registry's. `exited` resolves with its exit code (null when killed).
 */
export function startSyncChild(
  sandbox: Pick<RunningSandbox, 'baseUrl' | 'uploadUrl'>,
  options: { dataDir: string; apiKey: string; clockSkewMs?: number },
): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'sync-child.ts')], {
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      BASE_URL: sandbox.baseUrl,
      UPLOAD_URL: sandbox.uploadUrl,
      API_KEY: options.apiKey,
      CLOCK_SKEW_MS: String(options.clockSkewMs ?? 0),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)))
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      if (code !== null && code !== 0 && code !== 2) console.error(stderr)
      resolve(code)
    }),
  )
  return { child, exited }
}

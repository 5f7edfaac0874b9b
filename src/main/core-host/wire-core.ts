import { utilityProcess } from 'electron'
import { join } from 'node:path'
import type { CreateAppCore } from '../../shared/app-core'
import { CORE_ENV, CORE_V8_FLAGS } from './core-heap'
import { createProcessAppCore, type SpawnCore } from './process-app-core'

/**
 * The core process in the app: Electron's utilityProcess running out/main/core-process.js
 * (built beside index.js, electron.vite.config.ts). A Node child under Electron's own runtime,
 * with structured-clone messages, no Node integration left to a web page, and reaped with the app.
 */
const spawnUtilityCore: SpawnCore = () => {
  const child = utilityProcess.fork(join(__dirname, 'core-process.js'), [], {
    serviceName: 'Casefile core',
    execArgv: [...CORE_V8_FLAGS],
    env: { ...process.env, ...CORE_ENV },
    stdio: 'inherit',
  })
  let exited = false
  return {
    post: (message) => {
      if (!exited) child.postMessage(message)
    },
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) =>
      child.once('exit', (code) => {
        exited = true
        listener(`exit code ${code}`)
      }),
    kill: () => {
      if (!exited) child.kill()
    },
  }
}

/** The core the shell runs for each profile: in its own process (see process-app-core.ts). */
export const createAppCore: CreateAppCore = (profile) =>
  createProcessAppCore(profile, spawnUtilityCore)

import type { FromCore } from '../shared/core-protocol'
import { yieldToTheWindow } from './core-priority'
import { serveCore, type CoreChannel } from './core-server'

/**
 * The core process's entry: Electron's utilityProcess (process.parentPort) in the app, a child
 * process forked by Node (process.send) in the tests, the web harness and the benches.
 * Built beside main's own bundle (electron.vite.config.ts) and never imports Electron.
 */
interface ParentPort {
  postMessage(message: unknown): void
  on(event: 'message', listener: (event: { data: unknown }) => void): void
}

function parentChannel(): CoreChannel {
  const parentPort = (process as { parentPort?: ParentPort }).parentPort
  if (parentPort)
    return {
      post: (message: FromCore) => parentPort.postMessage(message),
      onMessage: (listener) => parentPort.on('message', (event) => listener(event.data)),
    }
  if (!process.send) throw new Error('The core process was started without a channel to main.')
  // Main gone (its end of the channel closed): nothing is left to answer, so stop here.
  process.on('disconnect', () => process.exit(0))
  return {
    post: (message: FromCore) => void process.send?.(message),
    onMessage: (listener) => process.on('message', listener),
  }
}

yieldToTheWindow()
serveCore(parentChannel())

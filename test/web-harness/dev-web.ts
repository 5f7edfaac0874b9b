/**
 * `npm run dev:web`: builds the renderer, starts the web harness with a sandbox registry behind
 * it, and prints the address, so anyone can use the UI in a browser without Electron.
 * Data lives in a fresh temp folder unless CASEFILE_WEB_DATA names one (to keep it across runs).
 *
 *   npm run dev:web -- --offline             start with the sandbox registry unreachable
 *   npm run dev:web -- --save-dir <folder>   where save dialogs write (default: a new folder
 *                                            under the data folder)
 *
 * The harness's own bar below the app switches the registry online and offline, and names the
 * save folder.
 */
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ensurePrivateDir } from '../../src/core/private-files'
import { buildRenderer } from './build-renderer'
import { startHarness } from './harness-server'

/** Whether the port can be listened on, asked before anything starts so a taken one ends cleanly. */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

const USAGE = 'Usage: npm run dev:web -- [--offline] [--save-dir <folder>]'

function readFlags(): { offline: boolean; saveDir: string | undefined } {
  try {
    const { values } = parseArgs({
      options: { offline: { type: 'boolean' }, 'save-dir': { type: 'string' } },
      strict: true,
    })
    return { offline: values.offline ?? false, saveDir: values['save-dir'] }
  } catch (error) {
    console.error(`${(error as Error).message.split('\n')[0]}\n${USAGE}`)
    process.exit(1)
  }
}

async function main() {
  const flags = readFlags()
  const port = Number(process.env.PORT ?? 5199)
  if (!(await portFree(port))) {
    console.error(
      `Port ${port} is already in use (is another "npm run dev:web" running?). Stop it, or pick another port: PORT=${port + 1} npm run dev:web`,
    )
    process.exit(1)
  }
  const userDataDir = process.env.CASEFILE_WEB_DATA || mkdtempSync(join(tmpdir(), 'casefile-web-'))
  ensurePrivateDir(userDataDir)
  const saveDir = flags.saveDir ? resolve(flags.saveDir) : mkdtempSync(join(userDataDir, 'saved-'))
  ensurePrivateDir(saveDir)
  const rendererDir = await buildRenderer()
  const harness = await startHarness({
    rendererDir,
    port,
    userDataDir,
    saveDir,
    bar: true,
    offline: flags.offline,
    onSaved: (path) => console.log(`  saved ${path}`),
  })
  console.log(`Casefile (web harness) at ${harness.url}`)
  console.log(`  sandbox registry at ${harness.sandbox().baseUrl}; data in ${harness.userDataDir}`)
  console.log(`  save dialogs write into ${saveDir}`)
  console.log(
    flags.offline
      ? '  the registry is OFFLINE: switch "Registry online" in the bar below the app to bring it back'
      : '  switch "Registry online" in the bar below the app to take the registry offline',
  )
  const stop = () => void harness.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

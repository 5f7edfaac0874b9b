/**
 * `npm run dev:web`: builds the renderer, starts the web harness with a sandbox registry behind
 * it, and prints the address, so anyone can use the UI in a browser without Electron.
 * Data lives in a fresh temp folder unless CASEFILE_WEB_DATA names one (to keep it across runs).
 */
import { createServer } from 'node:net'
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

async function main() {
  const port = Number(process.env.PORT ?? 5199)
  if (!(await portFree(port))) {
    console.error(
      `Port ${port} is already in use (is another "npm run dev:web" running?). Stop it, or pick another port: PORT=${port + 1} npm run dev:web`,
    )
    process.exit(1)
  }
  const rendererDir = await buildRenderer()
  const harness = await startHarness({
    rendererDir,
    port,
    userDataDir: process.env.CASEFILE_WEB_DATA || undefined,
  })
  console.log(`Casefile (web harness) at ${harness.url}`)
  console.log(`  sandbox registry at ${harness.sandbox().baseUrl}; data in ${harness.userDataDir}`)
  const stop = () => void harness.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

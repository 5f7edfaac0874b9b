/**
 * `npm run dev:web`: builds the renderer, starts the web harness with a sandbox registry behind
 * it, and prints the address, so anyone can use the UI in a browser without Electron.
 * Data lives in a fresh temp folder unless CASEFILE_WEB_DATA names one (to keep it across runs).
 */
import { buildRenderer } from './build-renderer'
import { startHarness } from './harness-server'

async function main() {
  const rendererDir = await buildRenderer()
  const harness = await startHarness({
    rendererDir,
    port: Number(process.env.PORT ?? 5199),
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

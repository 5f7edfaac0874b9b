// The `casefile` command: headless access to the same core and data folder as the desktop app.
import { processIo } from './cli-io'
import { runCli } from './main'

// `casefile … | head` closes the pipe early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

runCli(process.argv.slice(2), { io: processIo, env: process.env }).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exitCode = 1
  },
)

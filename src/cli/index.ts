// The `casefile` command: headless access to the same core and data folder as the desktop app.
// One process: bin/casefile.mjs imports the built bundle of this file, so signals reach it.
import { processIo } from './cli-io'
import { EXIT, interruptedExitCode } from './exit-codes'
import { runCli } from './main'

// `casefile … | head` closes the pipe early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

// Through `npm run casefile -- …` npm has moved to the project folder; relative paths the user
// typed (--data-dir ./cases, report.json) mean the folder they typed them in: npm's INIT_CWD.
if (process.env['npm_lifecycle_event'] === 'casefile' && process.env['INIT_CWD'])
  process.chdir(process.env['INIT_CWD'])

/**
 * SIGINT/SIGTERM ask the command to stop: it stops sending (a request in flight is left to
 * reconciliation, as after a crash), releases the lease and exits 130/143. A second signal, or
 * a stop that takes too long, ends the process at once with the same code.
 */
const stopping = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    const code = interruptedExitCode(signal)
    if (stopping.signal.aborted) process.exit(code)
    stopping.abort(signal)
    setTimeout(() => process.exit(code), 5000).unref()
  })

runCli(process.argv.slice(2), { io: processIo, env: process.env, signal: stopping.signal }).then(
  (code) => {
    process.exitCode = code
  },
  () => {
    process.exitCode = EXIT.internal
  },
)

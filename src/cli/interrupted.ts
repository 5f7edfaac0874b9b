import { CliError } from './cli-error'
import { interruptedExitCode } from './exit-codes'

/** The failure of a run that was asked to stop (the signal's reason is "SIGINT" or "SIGTERM"). */
export function interruptedError(signal: AbortSignal): CliError {
  const name = signal.reason === 'SIGINT' ? 'SIGINT' : 'SIGTERM'
  return new CliError(
    `Stopped by ${name === 'SIGINT' ? 'Ctrl-C (SIGINT)' : 'SIGTERM'}. Queued work is kept; a request that was in flight is checked against the registry on the next sync, never sent twice.`,
    { exitCode: interruptedExitCode(name), code: 'interrupted' },
  )
}

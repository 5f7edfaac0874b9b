import {
  parseSandboxArgs,
  SandboxStartError,
  SandboxUsageError,
  serveSandbox,
} from '../../sandbox/sandbox-cli'
import { CliError, UsageError } from '../cli-error'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'

/**
 * casefile sandbox: the sandbox's own flag reader checks the values (ports, fault rules), from
 * the options the command line already parsed; it runs until SIGINT/SIGTERM and exits 0.
 */
export const run: CommandRun = async ({ io, global, options, signal }) => {
  const argv: string[] = []
  if (global.dataDir !== undefined) argv.push(`--data-dir=${global.dataDir}`)
  for (const [name, value] of Object.entries(options))
    if (typeof value === 'string') argv.push(`--${name}=${value}`)
  try {
    const parsed = parseSandboxArgs(argv)
    if (parsed.help) return EXIT.ok
    const stop = new Promise<void>((resolve) => {
      if (signal.aborted) resolve()
      signal.addEventListener('abort', () => resolve(), { once: true })
    })
    await serveSandbox(parsed, io, { stop })
    return EXIT.ok
  } catch (error) {
    if (error instanceof SandboxUsageError) throw new UsageError(error.message)
    if (error instanceof SandboxStartError) throw new CliError(error.message)
    throw error
  }
}

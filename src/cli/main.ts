import type { CliError } from './cli-error'
import { printJson, type CliIo } from './cli-io'
import type { CommandContext } from './command-line-spec'
import { describeFailure } from './describe-failure'
import { EXIT } from './exit-codes'
import { interruptedError } from './interrupted'
import { commandHelp, generalHelp, groupHelp } from './help'
import { parseCommandLine, wantsJson } from './parse-command-line'
import { casefileVersion } from './version'

export interface CliEnvironment {
  io: CliIo
  env: NodeJS.ProcessEnv
  /** Reads the API key of a profile from the OS keychain (null when none); the real keychain by default. */
  readKeychain?: CommandContext['readKeychain']
  /** Aborted (with "SIGINT" or "SIGTERM" as its reason) when the process is asked to stop. */
  signal?: AbortSignal
  folderKeychain?: CommandContext['folderKeychain']
  readPassphrase?: CommandContext['readPassphrase']
  keyExportScrypt?: CommandContext['keyExportScrypt']
}

function printFailure(io: CliIo, failure: CliError, json: boolean): void {
  if (json)
    printJson(io, {
      error: { code: failure.code, message: failure.message, exitCode: failure.exitCode },
    })
  else io.err(failure.message)
}

/**
 * Runs one `casefile` command line; resolves to the exit code. Never throws: every failure is
 * printed as a message (or, with --json, `{ "error": { code, message, exitCode } }` on stdout).
 */
export async function runCli(
  argv: readonly string[],
  environment: CliEnvironment,
): Promise<number> {
  const { io, env } = environment
  const signal = environment.signal ?? new AbortController().signal
  const json = wantsJson(argv)
  try {
    const parsed = parseCommandLine(argv)
    if (parsed.kind === 'help') {
      const text = parsed.command
        ? commandHelp(parsed.command)
        : parsed.group
          ? groupHelp(parsed.group)
          : generalHelp()
      if (parsed.exitCode === EXIT.ok) io.out(text)
      else io.err(text)
      return parsed.exitCode
    }
    if (parsed.kind === 'version') {
      const version = casefileVersion()
      if (json) printJson(io, { version })
      else io.out(`casefile ${version}`)
      return EXIT.ok
    }
    const run = await parsed.command.load()
    return await run({
      io,
      env,
      global: parsed.global,
      options: parsed.options,
      args: parsed.args,
      signal,
      readKeychain: environment.readKeychain,
      folderKeychain: environment.folderKeychain,
      readPassphrase: environment.readPassphrase,
      keyExportScrypt: environment.keyExportScrypt,
    })
  } catch (error) {
    if (env['CASEFILE_DEBUG'] && error instanceof Error) io.err(error.stack ?? error.message)
    const failure = signal.aborted ? interruptedError(signal) : describeFailure(error)
    printFailure(io, failure, json)
    return failure.exitCode
  }
}

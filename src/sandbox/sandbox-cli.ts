import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import type { SandboxLogger } from './error-handling'
import { parseFaultRules, type FaultRule } from './fault-injection'
import { issueLines } from './issue-lines'
import { DEFAULT_HOST, startSandbox, type RunningSandbox } from './sandbox-server'

export const DEFAULT_CLI_PORT = 4010
export const DEFAULT_DATA_DIR = join(homedir(), '.casefile', 'sandbox')

export const SANDBOX_USAGE = `Usage: sandbox [options]

Runs the sandbox fraud report registry: all ten endpoints of the registry API, two demo
organizations (their API keys are printed at start-up), data kept in --data-dir.

Options:
  --port <n>              port to listen on; 0 takes a free one       (default ${DEFAULT_CLI_PORT})
  --host <address>        address to listen on                        (default ${DEFAULT_HOST})
  --data-dir <path>       where the database and uploads are kept     (default ${DEFAULT_DATA_DIR})
  --latency <ms>          add this delay to every request
  --error-rate <0..1>     answer this share of requests with --error-status
  --error-status <code>   500 or 503                                  (default 500)
  --faults <json>         fault rules, e.g. '[{"kind":"rate_limit","retryAfterSeconds":2,"route":"create","count":3}]'
  --faults-file <path>    the same, read from a JSON file
  -h, --help              show this text

Faults can also be changed while it runs: PUT /__sandbox/faults (from this machine only).`

export interface SandboxCliOptions {
  port: number
  host: string
  dataDir: string
  faults: FaultRule[]
}

export type ParsedSandboxArgs = { help: true } | ({ help: false } & SandboxCliOptions)

/** A command-line mistake, with a message saying which flag and what it takes. */
export class SandboxUsageError extends Error {
  override name = 'SandboxUsageError'
}

function number(
  flag: string,
  raw: string | undefined,
  check: (n: number) => boolean,
  takes: string,
) {
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(value) || !check(value))
    throw new SandboxUsageError(`--${flag} takes ${takes}; got ${JSON.stringify(raw)}.`)
  return value
}

function readFaultsJson(flag: string, text: string): FaultRule[] {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new SandboxUsageError(
      `--${flag} is not valid JSON (${(error as Error).message}): give a list of fault rules.`,
    )
  }
  try {
    return parseFaultRules(json)
  } catch (error) {
    if (error instanceof z.ZodError)
      throw new SandboxUsageError(`--${flag} has a bad fault rule:\n${issueLines(error)}`)
    throw error
  }
}

/**
 * Reads the sandbox's flags (`--flag value` or `--flag=value`) into start options.
 * Kept apart from running, so the `casefile sandbox` command can reuse it.
 */
export function parseSandboxArgs(argv: readonly string[]): ParsedSandboxArgs {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        latency: { type: 'string' },
        'error-rate': { type: 'string' },
        'error-status': { type: 'string' },
        faults: { type: 'string' },
        'faults-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new SandboxUsageError(`${(error as Error).message}\n\n${SANDBOX_USAGE}`)
  }
  if (values.help) return { help: true }

  const isPort = (n: number) => Number.isInteger(n) && n >= 0 && n <= 65535
  const port = number('port', values.port, isPort, 'a port number from 0 to 65535')
  const latency = number(
    'latency',
    values.latency,
    (n) => Number.isInteger(n) && n >= 0,
    'whole milliseconds, 0 or more',
  )
  const errorRate = number(
    'error-rate',
    values['error-rate'],
    (n) => n >= 0 && n <= 1,
    'a share from 0 to 1, e.g. 0.1',
  )
  const errorStatus = number(
    'error-status',
    values['error-status'],
    (n) => n === 500 || n === 503,
    '500 or 503',
  )
  if (errorStatus !== undefined && errorRate === undefined)
    throw new SandboxUsageError(
      '--error-status needs --error-rate: say how many requests should fail.',
    )

  const faults: FaultRule[] = []
  if (latency) faults.push(...parseFaultRules([{ kind: 'latency', ms: latency }]))
  if (errorRate)
    faults.push(
      ...parseFaultRules([
        { kind: 'error', rate: errorRate, status: (errorStatus ?? 500) as 500 | 503 },
      ]),
    )
  if (values.faults !== undefined) faults.push(...readFaultsJson('faults', values.faults))
  if (values['faults-file'] !== undefined) {
    let text: string
    try {
      text = readFileSync(values['faults-file'], 'utf8')
    } catch (error) {
      throw new SandboxUsageError(
        `--faults-file ${values['faults-file']} could not be read (${(error as Error).message}).`,
      )
    }
    faults.push(...readFaultsJson('faults-file', text))
  }

  return {
    help: false,
    port: port ?? DEFAULT_CLI_PORT,
    host: values.host ?? DEFAULT_HOST,
    dataDir: values['data-dir'] ?? DEFAULT_DATA_DIR,
    faults,
  }
}

export interface SandboxCliIo {
  out: (line: string) => void
  err: (line: string) => void
}

/** The sandbox could not start (port taken, data folder unusable): the message says what to do. */
export class SandboxStartError extends Error {
  override name = 'SandboxStartError'
}

/** Resolves when the process gets SIGINT or SIGTERM (the standalone `npm run sandbox`). */
function processStopSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve())
    process.once('SIGTERM', () => resolve())
  })
}

/**
 * Starts the sandbox and keeps it running until `stop` resolves (SIGINT/SIGTERM by default),
 * then stops it cleanly. The running sandbox is handed to `onStarted`.
 */
export async function serveSandbox(
  options: SandboxCliOptions,
  io: SandboxCliIo,
  {
    stop = processStopSignal(),
    onStarted,
  }: {
    stop?: Promise<void>
    onStarted?: (sandbox: RunningSandbox) => void
  } = {},
): Promise<void> {
  const logger: SandboxLogger = { info: io.out, error: io.err }
  let sandbox: RunningSandbox
  try {
    sandbox = await startSandbox({ ...options, logger })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new SandboxStartError(
      code === 'EADDRINUSE'
        ? `Port ${options.port} is taken: stop what uses it or pass --port <another> (0 takes a free port).`
        : `The sandbox could not start: ${(error as Error).message}`,
    )
  }
  if (options.faults.length > 0) io.out(`  fault rules: ${JSON.stringify(options.faults)}`)
  onStarted?.(sandbox)
  await stop
  io.out('Stopping the sandbox registry…')
  await sandbox.stop()
}

/**
 * Parses the flags, starts the sandbox and keeps it running until SIGINT/SIGTERM.
 * Resolves with the process exit code (1 for a mistake in the flags, as the `casefile` command).
 */
export async function runSandboxCommand(
  argv: readonly string[],
  io: SandboxCliIo = { out: console.log, err: console.error },
  onStarted?: (sandbox: RunningSandbox) => void,
): Promise<number> {
  try {
    const parsed = parseSandboxArgs(argv)
    if (parsed.help) {
      io.out(SANDBOX_USAGE)
      return 0
    }
    await serveSandbox(parsed, io, { onStarted })
    return 0
  } catch (error) {
    if (error instanceof SandboxUsageError || error instanceof SandboxStartError) {
      io.err(error.message)
      return 1
    }
    throw error
  }
}

import { parseArgs } from 'node:util'
import { readConnection, writeConnection, connectionFileSchema } from '../core/data-folder'
import { isRegistryError } from '../core/registry/registry-error'
import { runSandboxCommand } from '../sandbox/sandbox-cli'
import { CliError } from './cli-error'
import {
  openCliCore,
  resolveConnection,
  resolveDataDir,
  type CliEnvironment,
  type GlobalOptions,
} from './cli-context'
import { printJson } from './cli-io'
import { EXIT } from './exit-codes'
import { USAGE } from './usage'
import { banksCommand, searchCommand, submissionsCommand } from './commands/cache-commands'
import { importCommand } from './commands/import-command'
import { outboxCommand } from './commands/outbox-command'
import { submitCommand, unlistCommand, updateCommand } from './commands/queue-commands'
import { syncCommand } from './commands/sync-command'

const OPTIONS = {
  'data-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  'base-url': { type: 'string' },
  'upload-url': { type: 'string' },
  profile: { type: 'string' },
  'until-idle': { type: 'boolean', default: false },
  type: { type: 'string' },
  offline: { type: 'boolean', default: false },
  refresh: { type: 'boolean', default: false },
  limit: { type: 'string' },
  port: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  'as-bulk': { type: 'boolean', default: false },
  'rejected-out': { type: 'string' },
  export: { type: 'string' },
} as const

const CORE_COMMANDS = new Set([
  'submit',
  'update',
  'unlist',
  'sync',
  'outbox',
  'search',
  'submissions',
  'banks',
  'log',
  'import',
])

function positiveInt(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1)
    throw new CliError(`--${name} must be a whole number of 1 or more.`)
  return n
}

/** Runs one CLI command; resolves to the exit code. */
export async function runCli(
  argv: readonly string[],
  environment: CliEnvironment,
): Promise<number> {
  const { io } = environment
  const [command, ...rest] = argv
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE)
    return command ? EXIT.ok : EXIT.usage
  }
  try {
    // The sandbox has its own flags (port, faults…); hand them over untouched.
    if (command === 'sandbox') return await runSandboxCommand(rest)

    let parsed
    try {
      parsed = parseArgs({
        args: [...rest],
        options: OPTIONS,
        allowPositionals: true,
        strict: true,
      })
    } catch (error) {
      throw new CliError(
        `${error instanceof Error ? error.message : String(error)}\nRun \`casefile --help\` for the commands and their options.`,
      )
    }
    const { values, positionals } = parsed
    if (values.help) {
      io.out(USAGE)
      return EXIT.ok
    }
    const global: GlobalOptions = { dataDir: values['data-dir'], json: values.json }

    if (command === 'config') {
      const dataDir = await resolveDataDir(global, environment.env)
      if (positionals[0] === 'set') {
        const checked = connectionFileSchema.safeParse({
          profileId: values.profile ?? readConnection(dataDir)?.profileId ?? 'registry',
          baseUrl: values['base-url'],
          uploadUrl: values['upload-url'],
        })
        if (!checked.success)
          throw new CliError(
            `config set needs --base-url and --upload-url: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          )
        writeConnection(dataDir, checked.data)
      } else if (positionals[0] !== 'show')
        throw new CliError(
          'Use `casefile config set --base-url URL --upload-url URL` or `casefile config show`.',
        )
      const connection = await resolveConnection(dataDir, environment.env)
      const keySource = environment.env['CASEFILE_API_KEY'] ? 'CASEFILE_API_KEY' : 'OS keychain'
      if (global.json) printJson(io, { dataDir, connection, apiKeySource: keySource })
      else
        io.out(
          `Data folder: ${dataDir}\nBase URL:    ${connection?.baseUrl ?? '(not set)'}\nUpload URL:  ${connection?.uploadUrl ?? '(not set)'}\nProfile:     ${connection?.profileId ?? '(none)'}\nAPI key:     from ${keySource}`,
        )
      return EXIT.ok
    }

    if (!CORE_COMMANDS.has(command))
      throw new CliError(`Unknown command "${command}". Run \`casefile --help\` for the list.`)
    const core = await openCliCore(global, environment)
    try {
      switch (command) {
        case 'submit':
          if (!positionals[0])
            throw new CliError('Give the report file: casefile submit report.json')
          submitCommand(core, io, positionals[0], global.json)
          return EXIT.ok
        case 'update':
          if (!positionals[0] || !positionals[1])
            throw new CliError('Give the report id and the file: casefile update ID report.json')
          updateCommand(core, io, positionals[0], positionals[1], global.json)
          return EXIT.ok
        case 'unlist':
          if (!positionals[0]) throw new CliError('Give the report id: casefile unlist ID')
          unlistCommand(core, io, positionals[0], global.json)
          return EXIT.ok
        case 'sync':
          return await syncCommand(core, io, { untilIdle: values['until-idle'], json: global.json })
        case 'outbox':
          outboxCommand(core, io, global.json)
          return EXIT.ok
        case 'search':
          await searchCommand(core, io, {
            type: values.type,
            value: positionals[0],
            offline: values.offline,
            json: global.json,
            exportTo: values.export,
          })
          return EXIT.ok
        case 'submissions':
          await submissionsCommand(core, io, {
            refresh: values.refresh,
            json: global.json,
            limit: positiveInt(values.limit, 50, 'limit'),
            exportTo: values.export,
          })
          return EXIT.ok
        case 'banks':
          await banksCommand(core, io, { refresh: values.refresh, json: global.json })
          return EXIT.ok
        case 'import':
          if (!positionals[0])
            throw new CliError(
              'Give the spreadsheet: casefile import cases.xlsx (CSV or XLSX, the Casefile bulk template).',
            )
          return await importCommand(core, io, positionals[0], {
            dryRun: values['dry-run'],
            asBulk: values['as-bulk'],
            rejectedOut: values['rejected-out'],
            json: global.json,
          })
        case 'log': {
          const entries = core.exchangeLog({ limit: positiveInt(values.limit, 50, 'limit') })
          if (global.json) printJson(io, entries)
          else
            for (const e of entries)
              io.out(
                `${e.at}  ${e.endpoint}  ${e.status ?? '-'}  ${e.outcome}  ${e.durationMs} ms${e.message ? `  ${e.message}` : ''}`,
              )
          return EXIT.ok
        }
        default:
          throw new CliError(`Unknown command "${command}". Run \`casefile --help\` for the list.`)
      }
    } finally {
      await core.close()
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.err(error.message)
      return error.exitCode
    }
    if (isRegistryError(error)) {
      io.err(error.message)
      if (error.kind === 'unauthorized') return EXIT.unauthorized
      if (error.kind === 'offline' || error.kind === 'timeout') return EXIT.offline
      return EXIT.usage
    }
    throw error
  }
}

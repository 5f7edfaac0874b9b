import type { CommandSpec, OptionSpec } from './command-line-spec'
import { COMMANDS, GLOBAL_OPTIONS } from './command-table'

const optionLabel = (name: string, spec: OptionSpec) =>
  `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`

/** `casefile import FILE [--dry-run] [--as-bulk] [--rejected-out OUT]` */
export function usageLine(command: CommandSpec): string {
  const args = command.arguments.map((a) => (a.optional ? `[${a.name}]` : a.name))
  const options = Object.entries(command.options).map(
    ([name, spec]) => `[${optionLabel(name, spec)}]`,
  )
  return ['casefile', command.name, ...args, ...options].join(' ')
}

function optionRows(options: Readonly<Record<string, OptionSpec>>): string[] {
  const labels = Object.entries(options).map(([name, spec]) => [
    optionLabel(name, spec),
    spec.description,
  ])
  const width = Math.max(...labels.map(([label]) => (label as string).length))
  return labels.map(
    ([label, description]) => `  ${(label as string).padEnd(width)}  ${description}`,
  )
}

export const EXIT_CODES_TEXT = [
  'Exit codes: 0 done; 1 bad usage or input (the message says what to fix); 2 items need attention',
  '(or import rows were rejected); 3 the registry cannot be reached (work is kept); 4 the API key is',
  'missing or refused; 5 another Casefile process is syncing this folder; 70 Casefile failed (a bug:',
  'CASEFILE_DEBUG=1 shows where); 130 or 143 stopped by Ctrl-C or SIGTERM.',
].join('\n')

/** `casefile help`: every command, the global options, the key and the exit codes. */
export function generalHelp(): string {
  const names = COMMANDS.map((c) => {
    const args = c.arguments.map((a) => (a.optional ? `[${a.name}]` : a.name)).join(' ')
    return [`${c.name}${args ? ` ${args}` : ''}`, c.summary]
  })
  const width = Math.max(...names.map(([n]) => (n as string).length))
  return [
    'Usage: casefile COMMAND [options]',
    '',
    'Commands:',
    ...names.map(([name, summary]) => `  ${(name as string).padEnd(width)}  ${summary}`),
    '',
    'Global options (before or after the command):',
    ...optionRows(GLOBAL_OPTIONS),
    '',
    "`casefile help COMMAND` (or `casefile COMMAND --help`) shows a command's options and an example.",
    'The API key comes from CASEFILE_API_KEY, else from the OS keychain; it is never written to disk.',
    EXIT_CODES_TEXT,
  ].join('\n')
}

/** `casefile help config`: the commands of a group. */
export function groupHelp(group: string): string {
  return COMMANDS.filter((c) => c.name.startsWith(`${group} `))
    .map((c) => commandHelp(c))
    .join('\n\n')
}

/** `casefile help import`: the usage line, what it does, its options and an example. */
export function commandHelp(command: CommandSpec): string {
  const own = Object.keys(command.options).length > 0
  return [
    `Usage: ${usageLine(command)}`,
    '',
    `${command.summary[0]?.toUpperCase()}${command.summary.slice(1)}.`,
    ...(command.details ?? []),
    '',
    ...(own ? ['Options:', ...optionRows(command.options), ''] : []),
    'Global options: --data-dir D, --json, -h/--help (before or after the command).',
    '',
    command.examples.length > 1 ? 'Examples:' : 'Example:',
    ...command.examples.map((e) => `  ${e}`),
  ].join('\n')
}

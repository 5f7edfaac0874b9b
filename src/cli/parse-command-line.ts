import { UsageError } from './cli-error'
import type { CommandSpec, GlobalOptions, OptionSpec } from './command-line-spec'
import { COMMAND_GROUPS, COMMANDS, GLOBAL_OPTIONS } from './command-table'
import { closestMatch } from '../shared/did-you-mean'
import { usageLine } from './help'

export type ParsedCommandLine =
  /** `casefile help [COMMAND]`, `casefile [COMMAND] --help`, or nothing at all (exit 1). */
  | { kind: 'help'; command: CommandSpec | null; group: string | null; exitCode: number }
  | { kind: 'version' }
  | {
      kind: 'run'
      command: CommandSpec
      global: GlobalOptions
      options: Record<string, string | boolean | readonly string[] | undefined>
      args: string[]
    }

type Token =
  | { kind: 'option'; name: string; raw: string; value: string | boolean; missingValue?: boolean }
  | { kind: 'argument'; value: string }

/** Every option any command knows, so a string option's value is taken whatever the command. */
function knownOptions(): Map<string, OptionSpec> {
  const known = new Map<string, OptionSpec>(Object.entries(GLOBAL_OPTIONS))
  for (const command of COMMANDS)
    for (const [name, spec] of Object.entries(command.options)) known.set(name, spec)
  return known
}

function shortOptions(known: Map<string, OptionSpec>): Map<string, string> {
  const shorts = new Map<string, string>()
  for (const [name, spec] of known) if (spec.short) shorts.set(spec.short, name)
  return shorts
}

/** Splits the command line into options and arguments, as git and npm read it. */
function tokenize(argv: readonly string[], known: Map<string, OptionSpec>): Token[] {
  const shorts = shortOptions(known)
  const tokens: Token[] = []
  let onlyArguments = false
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] as string
    if (onlyArguments || raw === '-' || !raw.startsWith('-') || /^-\d/.test(raw)) {
      tokens.push({ kind: 'argument', value: raw })
      continue
    }
    if (raw === '--') {
      onlyArguments = true
      continue
    }
    const long = raw.startsWith('--')
    const equals = raw.indexOf('=')
    const written = long ? raw.slice(2, equals >= 0 ? equals : undefined) : raw.slice(1)
    const name = long ? written : (shorts.get(written) ?? `-${written}`)
    const inline = long && equals >= 0 ? raw.slice(equals + 1) : undefined
    const spec = known.get(name)
    if (spec?.type === 'string' && inline === undefined) {
      const next = argv[i + 1]
      if (next === undefined || (next.startsWith('--') && next.length > 2)) {
        tokens.push({ kind: 'option', name, raw, value: '', missingValue: true })
      } else {
        tokens.push({ kind: 'option', name, raw, value: next })
        i++
      }
    } else tokens.push({ kind: 'option', name, raw, value: inline ?? true })
  }
  return tokens
}

function findCommand(words: readonly string[]): { command: CommandSpec; used: number } | null {
  const [first, second] = words
  const pair = COMMANDS.find((c) => c.name === `${first} ${second}`)
  if (pair) return { command: pair, used: 2 }
  const single = COMMANDS.find((c) => c.name === first)
  return single ? { command: single, used: 1 } : null
}

function unknownCommand(words: readonly string[]): UsageError {
  const [first = '', second] = words
  if (COMMAND_GROUPS[first]) {
    const sub = second === undefined ? '' : `"${first} ${second}" is not a command. `
    return new UsageError(`${sub}${COMMAND_GROUPS[first]}`)
  }
  const names = [...new Set(COMMANDS.map((c) => c.name.split(' ')[0] as string))]
  const near = closestMatch(first, names)
  return new UsageError(
    `Unknown command "${first}".${near ? ` Did you mean \`casefile ${near}\`?` : ''} Run \`casefile help\` for the list.`,
  )
}

const dashed = (name: string) => (name.startsWith('-') ? name : `--${name}`)

function checkOption(token: Extract<Token, { kind: 'option' }>, command: CommandSpec | null): void {
  const allowed = { ...GLOBAL_OPTIONS, ...(command?.options ?? {}) }
  const where = command ? `\`casefile ${command.name}\`` : 'casefile'
  const spec = allowed[token.name]
  if (!spec) {
    const near = closestMatch(token.name, Object.keys(allowed))
    const elsewhere = near ? null : closestMatch(token.name, [...knownOptions().keys()])
    const owner = elsewhere ? COMMANDS.find((c) => elsewhere in c.options) : undefined
    const hint = near
      ? ` Did you mean ${dashed(near)}?`
      : elsewhere && owner
        ? ` (${dashed(elsewhere)} is an option of \`casefile ${owner.name}\`.)`
        : ''
    const help = command ? `casefile help ${command.name}` : 'casefile help'
    throw new UsageError(
      `${where} has no option ${dashed(token.name)}.${hint} Run \`${help}\` for its options.`,
    )
  }
  if (spec.type === 'boolean' && token.value !== true)
    throw new UsageError(`${dashed(token.name)} takes no value; write just ${dashed(token.name)}.`)
  if (token.missingValue)
    throw new UsageError(
      `${dashed(token.name)} needs a value: ${dashed(token.name)} ${spec.value ?? 'VALUE'}.`,
    )
}

/**
 * Reads a `casefile` command line: global options anywhere, `help [COMMAND]` and `--help`,
 * `--version`; unknown options and extra or missing arguments are usage errors that say what
 * to write instead.
 */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const tokens = tokenize(argv, knownOptions())
  const words = tokens.flatMap((t) => (t.kind === 'argument' ? [t.value] : []))
  const options = tokens.filter((t) => t.kind === 'option')
  const has = (name: string) => options.some((t) => t.name === name)

  if (words[0] === 'help') {
    const topic = words.slice(1)
    if (topic.length === 0) return { kind: 'help', command: null, group: null, exitCode: 0 }
    const found = findCommand(topic)
    if (found && found.used === topic.length)
      return { kind: 'help', command: found.command, group: null, exitCode: 0 }
    if (topic.length === 1 && COMMAND_GROUPS[topic[0] as string])
      return { kind: 'help', command: null, group: topic[0] as string, exitCode: 0 }
    throw unknownCommand(topic)
  }

  const found = words.length > 0 ? findCommand(words) : null
  if (has('help')) {
    if (found) return { kind: 'help', command: found.command, group: null, exitCode: 0 }
    const group = words[0] && COMMAND_GROUPS[words[0]] ? words[0] : null
    return { kind: 'help', command: null, group, exitCode: 0 }
  }
  if (has('version')) return { kind: 'version' }
  if (words.length === 0) {
    for (const token of options) checkOption(token, null)
    return { kind: 'help', command: null, group: null, exitCode: 1 }
  }
  if (!found) {
    // An unknown option is the likelier mistake (`--dat-dir D outbox` makes D look like a command).
    for (const token of options) checkOption(token, null)
    throw unknownCommand(words)
  }

  const { command, used } = found
  for (const token of options) checkOption(token, command)
  const args = words.slice(used)
  const required = command.arguments.filter((a) => !a.optional).length
  if (args.length < required) {
    const missing = command.arguments.slice(args.length).map((a) => a.name)
    throw new UsageError(
      `\`casefile ${command.name}\` needs ${missing.join(' and ')}: ${usageLine(command)}`,
    )
  }
  if (args.length > command.arguments.length) {
    const extra = args.slice(command.arguments.length)
    const takes =
      command.arguments.length === 0
        ? 'takes no arguments'
        : `takes ${command.arguments.map((a) => a.name).join(' ')}`
    throw new UsageError(
      `\`casefile ${command.name}\` ${takes}; remove ${extra.map((e) => `"${e}"`).join(' ')}. Usage: ${usageLine(command)}`,
    )
  }

  const values: Record<string, string | boolean | readonly string[] | undefined> = {}
  for (const token of options) {
    const previous = values[token.name]
    values[token.name] =
      command.options[token.name]?.repeatable && typeof token.value === 'string'
        ? [...(Array.isArray(previous) ? previous : []), token.value]
        : token.value
  }
  const global: GlobalOptions = {
    dataDir: typeof values['data-dir'] === 'string' ? values['data-dir'] : undefined,
    dbKeyFile: typeof values['db-key-file'] === 'string' ? values['db-key-file'] : undefined,
    caFile: typeof values['ca-file'] === 'string' ? values['ca-file'] : undefined,
    json: values['json'] === true,
  }
  for (const name of Object.keys(GLOBAL_OPTIONS)) delete values[name]
  return { kind: 'run', command, global, options: values, args }
}

/** Whether the command line asks for JSON, read before parsing so that even usage errors come as JSON. */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--')
  return (end >= 0 ? argv.slice(0, end) : argv).includes('--json')
}

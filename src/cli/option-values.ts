import { CliError } from './cli-error'
import type { CommandContext } from './command-line-spec'

/** A string option's value, or undefined when it was not given. */
export function stringOption(context: CommandContext, name: string): string | undefined {
  const value = context.options[name]
  return typeof value === 'string' ? value : undefined
}

/** A count option (--limit N): a whole number of 1 or more. */
export function countOption(context: CommandContext, name: string, fallback: number): number {
  const text = stringOption(context, name)
  if (text === undefined) return fallback
  const n = Number(text)
  if (text.trim() === '' || !Number.isInteger(n) || n < 1)
    throw new CliError(`--${name} must be a whole number of 1 or more; got "${text}".`)
  return n
}

/** A repeatable option's values, in the order given (none when it was not given). */
export function listOption(context: CommandContext, name: string): readonly string[] {
  const value = context.options[name]
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : []
}

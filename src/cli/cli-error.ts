import { EXIT } from './exit-codes'

/** A failure the user can fix: printed as is, without a stack, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(message)
  }
}

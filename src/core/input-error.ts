/**
 * What a person asked for cannot be done as asked: a job, item or alert number that is not in
 * this folder, a list that cannot be read as it is. The message says what to do; the CLI
 * answers it with exit 1 (bad usage or input), never as a bug. Each feature's own kind extends
 * it (ScreeningInputError, WatchInputError), so a lookup anywhere is answered the same way.
 */
export class InputError extends Error {
  override name = 'InputError'
}

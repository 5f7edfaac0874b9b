import { InputError } from '../input-error'
import { isRegistryError, type RegistryError } from '../registry-error'

/**
 * A case asked for cannot be made or changed as asked: an unknown case or alert, an empty note,
 * a title too long, a search the registry refused. The message says what to do; nothing was
 * written.
 */
export class CaseInputError extends InputError {
  override name = 'CaseInputError'
}

/**
 * The registry refused what was asked (a value it does not take, no such report): the person's
 * to fix, said as a CaseInputError. Not when it could not be reached, refused the key, the
 * network refused, or the caller stopped: those stay RegistryErrors, which the CLI answers with
 * their own exit codes (3 unreachable, 4 key) and the window with their own words.
 */
export function isRefusal(error: unknown): error is RegistryError {
  return (
    isRegistryError(error) &&
    !error.retryable &&
    !error.networkRefusal &&
    error.kind !== 'unauthorized' &&
    error.kind !== 'proxy_auth' &&
    error.kind !== 'cancelled'
  )
}

import { InputError } from '../input-error'

/**
 * A case asked for cannot be made or changed as asked: an unknown case or alert, an empty note,
 * a title too long, a search the registry refused. The message says what to do; nothing was
 * written.
 */
export class CaseInputError extends InputError {
  override name = 'CaseInputError'
}

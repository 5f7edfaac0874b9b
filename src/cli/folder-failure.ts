import { describeStorageFailure, FolderGoneError } from '../core/store/store'
import { CliError } from './cli-error'
import { folderGoneSaid } from './core-words'

/** Said when a data folder could not even be opened: nothing in it was written. */
export const NOTHING_CHANGED = 'Nothing in the folder was changed.'

/** How a person tries again on the command line, after a folder that could not be written. */
export const RUN_AGAIN = 'run the command again'

/**
 * A failure to write the data folder (a full disk, a disk error, the folder deleted while in
 * use) in words that name the folder and say what became of the work; null for anything else.
 */
export function folderStorageFailure(
  error: unknown,
  dataDir: string,
  after?: string,
): CliError | null {
  if (error instanceof FolderGoneError) return new CliError(folderGoneSaid(error))
  const message = describeStorageFailure(error, dataDir, after, RUN_AGAIN)
  return message === null ? null : new CliError(message)
}

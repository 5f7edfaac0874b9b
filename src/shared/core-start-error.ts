import type { FolderProblem } from './contracts/shell'

/**
 * Why a core did not start, as told across the process boundary: the message in words, and,
 * when the data folder would not open, which of the folder-key problems it was; `recoveryFailed`
 * when the way out the person chose (a key import, setting the folder aside) is what failed.
 */
export class CoreStartError extends Error {
  constructor(
    message: string,
    readonly folderProblem?: FolderProblem,
    readonly recoveryFailed?: boolean,
  ) {
    super(message)
    this.name = 'CoreStartError'
  }
}

/** The CoreStartError in an error's cause chain (CoreHost wraps what a core throws), if any. */
export function coreStartErrorOf(error: unknown): CoreStartError | null {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; depth++) {
    if (at instanceof CoreStartError) return at
    at = at.cause
  }
  return null
}

import { readRegularFile, RegularFileError } from './regular-file'

/** The largest folder key export read: the real ones are under 1 KB. */
export const KEY_EXPORT_MAX_BYTES = 64 * 1024

/**
 * The text of a folder key export, as the window's dialog or `casefile key import FILE` names
 * it: a regular file of a key export's size, opened without blocking. A named pipe, a device
 * (/dev/zero), a folder or a large file is refused with a sentence saying what to choose.
 */
export function readKeyExport(path: string): string {
  try {
    return readRegularFile(path, { maxBytes: KEY_EXPORT_MAX_BYTES }).toString('utf8')
  } catch (error) {
    if (!(error instanceof RegularFileError)) throw error
    if (error.problem === 'missing' || error.problem === 'unreadable')
      throw new Error(`${path} cannot be read: check the path and choose the key file again.`)
    throw new Error(
      `${path} is not a Casefile key file (it ${error.why}): choose the file the folder's key was exported to.`,
    )
  }
}

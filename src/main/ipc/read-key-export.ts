import { open } from 'node:fs/promises'
import { KEY_EXPORT_MAX_BYTES } from '../../core/encryption/set-aside-target'

/**
 * The text of the key export the person picked in main's dialog. Whatever the file is, no more
 * than a key export's size is read: a larger file is refused with a plain sentence.
 */
export async function readKeyExport(path: string): Promise<string> {
  let file
  try {
    file = await open(path, 'r')
  } catch {
    throw new Error(`${path} cannot be read: choose the key file again.`)
  }
  try {
    const stats = await file.stat()
    if (!stats.isFile() || stats.size > KEY_EXPORT_MAX_BYTES)
      throw new Error(
        `${path} is not a Casefile key file (it is ${stats.isFile() ? 'too large' : 'not a file'}): choose the file the folder's key was exported to.`,
      )
    return await file.readFile({ encoding: 'utf8' })
  } finally {
    await file.close()
  }
}

import { accessSync, constants, realpathSync, renameSync, rmSync, statSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, dirname, extname, join, resolve } from 'node:path'

/*
 * Where a spreadsheet Casefile writes (the rejected rows) may go: checked before anything is
 * queued, never the file being imported (by path, through a link, or as a hard link of it),
 * and written whole to a temporary file beside it and then renamed, so a failed write leaves
 * whatever was there before.
 */

export type OutputCheck =
  { ok: true; path: string; format: 'csv' | 'xlsx' } | { ok: false; message: string }

function sameFile(a: string, b: string): boolean {
  try {
    const [sa, sb] = [statSync(a), statSync(b)]
    return sa.dev === sb.dev && sa.ino === sb.ino
  } catch {
    return false
  }
}

/** Checks OUT against the files being read; the path to write to (links resolved) when it may be written. */
export function checkOutputFile(out: string, inputs: readonly string[]): OutputCheck {
  const ext = extname(out).toLowerCase()
  if (ext !== '.csv' && ext !== '.xlsx')
    return {
      ok: false,
      message: `${out}: give a file name ending in .csv or .xlsx for the rejected rows.`,
    }
  let target = resolve(out)
  let existing = null
  try {
    existing = statSync(target)
    target = realpathSync(target)
  } catch {
    existing = null
  }
  if (existing?.isDirectory())
    return { ok: false, message: `${out} is a folder; give a file name ending in ${ext}.` }
  for (const input of inputs)
    if (existing ? sameFile(target, input) : resolve(input) === target)
      return {
        ok: false,
        message: `${out} is the spreadsheet being imported: writing the rejected rows there would replace it. Give another file, for example ${join(dirname(out), `${basename(out, ext)}-to-fix${ext}`)}.`,
      }
  const folder = dirname(target)
  let folderStat
  try {
    folderStat = statSync(folder)
  } catch {
    return {
      ok: false,
      message: `${out} cannot be written: the folder ${folder} does not exist. Create it or choose another place.`,
    }
  }
  if (!folderStat.isDirectory())
    return { ok: false, message: `${out} cannot be written: ${folder} is a file, not a folder.` }
  try {
    accessSync(folder, constants.W_OK)
    if (existing) accessSync(target, constants.W_OK)
  } catch {
    return {
      ok: false,
      message: `${out} cannot be written: permission denied. Choose a folder you can write to.`,
    }
  }
  return { ok: true, path: target, format: ext === '.xlsx' ? 'xlsx' : 'csv' }
}

/** Runs `write` on a temporary file beside `path`, then puts it in place in one rename. */
export async function writeReplacing<T>(
  path: string,
  write: (temporary: string) => Promise<T>,
): Promise<T> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const result = await write(temporary)
    renameSync(temporary, path)
    return result
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

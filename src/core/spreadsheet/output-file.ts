import { accessSync, constants, realpathSync, renameSync, rmSync, statSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { basename, dirname, extname, join, resolve } from 'node:path'

/*
 * Where a spreadsheet Casefile writes (the rejected rows) may go: checked before anything is
 * queued, never the file being imported (by path, through a link, or as a hard link of it),
 * and written whole to a temporary file beside it and then renamed, so a failed write leaves
 * whatever was there before.
 */

/**
 * Why OUT may not be written, as a code and the facts: each front (the CLI: output-problem.ts)
 * says it in its own words, naming what it was going to write there.
 */
export type OutputProblem =
  /** Not a name ending in .csv or .xlsx. */
  | { code: 'not_a_spreadsheet_name'; out: string }
  | { code: 'is_a_folder'; out: string; ext: string }
  /** OUT is one of the files being read; `instead` a name beside it that is not. */
  | { code: 'is_an_input'; out: string; instead: string }
  | { code: 'no_such_folder'; out: string; folder: string }
  | { code: 'folder_is_a_file'; out: string; folder: string }
  | { code: 'not_writable'; out: string }

export type OutputCheck =
  { ok: true; path: string; format: 'csv' | 'xlsx' } | ({ ok: false } & OutputProblem)

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
  if (ext !== '.csv' && ext !== '.xlsx') return { ok: false, code: 'not_a_spreadsheet_name', out }
  let target = resolve(out)
  let existing = null
  try {
    existing = statSync(target)
    target = realpathSync(target)
  } catch {
    existing = null
  }
  if (existing?.isDirectory()) return { ok: false, code: 'is_a_folder', out, ext }
  for (const input of inputs)
    if (existing ? sameFile(target, input) : resolve(input) === target)
      return {
        ok: false,
        code: 'is_an_input',
        out,
        instead: join(dirname(out), `${basename(out, ext)}-to-fix${ext}`),
      }
  const folder = dirname(target)
  let folderStat
  try {
    folderStat = statSync(folder)
  } catch {
    return { ok: false, code: 'no_such_folder', out, folder }
  }
  if (!folderStat.isDirectory()) return { ok: false, code: 'folder_is_a_file', out, folder }
  try {
    accessSync(folder, constants.W_OK)
    if (existing) accessSync(target, constants.W_OK)
  } catch {
    return { ok: false, code: 'not_writable', out }
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

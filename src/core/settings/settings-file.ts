import { randomBytes } from 'node:crypto'
import { copyFile, open, rename, rm } from 'node:fs/promises'
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenFile } from '../private-files'
import { dirname } from 'node:path'
import { readRegularFile, RegularFileError } from '../regular-file'
import { fileVersion, newerCasefileWords } from '../newer-casefile'
import {
  DEFAULT_SETTINGS,
  SETTINGS_FILE_VERSION,
  settingsSchema,
  type Settings,
} from './settings-schema'

/** The settings are a few kilobytes; a file far larger is not ours. */
const SETTINGS_FILE_MAX_BYTES = 1024 * 1024

export interface LoadedSettings {
  settings: Settings
  /** Present when the file existed but could not be used and the defaults were taken instead. */
  recovered?: {
    reason: string
    /** Where the unusable file was copied to, so nothing a person wrote is lost; null if it could not be. */
    corruptCopy: string | null
  }
  /**
   * Present when a newer Casefile wrote the file: the defaults are used in memory, and the file
   * is neither set aside nor rewritten (the store refuses to save over it). The words say so.
   */
  newer?: string
}

/**
 * Reads the settings file. A missing file is a new install (the defaults); an unreadable,
 * unparsable or invalid one also gives the defaults, after a copy is kept beside it as
 * `<file>.corrupt`: a broken settings file must never stop the app from starting.
 */
export async function readSettingsFile(path: string): Promise<LoadedSettings> {
  let text: string
  try {
    text = readRegularFile(path, { maxBytes: SETTINGS_FILE_MAX_BYTES }).toString('utf8')
  } catch (error) {
    if (!(error instanceof RegularFileError)) throw error
    if (error.problem === 'missing') return { settings: DEFAULT_SETTINGS }
    // Something other than a file (a named pipe would block the copy as it would the read) is
    // moved aside whole, not copied.
    return recover(path, `it ${error.why}`, error.problem === 'not-a-file')
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return recover(path, `it is not valid JSON (${(error as Error).message})`)
  }
  // The version first: a newer Casefile's file is left as it is, whatever its fields hold.
  const version = fileVersion(json, 'version')
  if (version !== undefined && version > SETTINGS_FILE_VERSION)
    return {
      settings: DEFAULT_SETTINGS,
      newer: `${newerCasefileWords(
        `The settings file ${path}`,
        `settings version ${version}`,
        `${SETTINGS_FILE_VERSION}`,
      )} Casefile started with the default settings and will not save changes to them.`,
    }
  const parsed = settingsSchema.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`)
      .join('; ')
    return recover(path, `it does not hold valid settings (${problems})`)
  }
  return { settings: parsed.data }
}

async function recover(path: string, why: string, notAFile = false): Promise<LoadedSettings> {
  const corruptCopy = `${path}.corrupt`
  let copied = true
  try {
    // Whatever is there goes first: a copy onto a named pipe would wait for a reader.
    await rm(corruptCopy, { force: true })
    if (notAFile) await rename(path, corruptCopy)
    else {
      await copyFile(path, corruptCopy)
      tightenFile(corruptCopy)
    }
  } catch {
    copied = false
  }
  const kept = copied ? ` It was kept as ${corruptCopy}.` : ''
  return {
    settings: DEFAULT_SETTINGS,
    recovered: {
      reason: `The settings file ${path} was set aside because ${why}; Casefile started with the default settings.${kept}`,
      corruptCopy: copied ? corruptCopy : null,
    },
  }
}

/**
 * Writes the settings atomically: a temporary file beside the real one, flushed to disk, then
 * renamed over it, so a crash mid-write leaves the old file or the new one, never half of one.
 */
export async function writeSettingsFile(path: string, settings: Settings): Promise<void> {
  const checked = settingsSchema.parse(settings)
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    ensurePrivateDir(dirname(path))
    const file = await open(temporary, 'wx', PRIVATE_FILE_MODE)
    try {
      if (process.platform !== 'win32') await file.chmod(PRIVATE_FILE_MODE) // whatever the umask
      await file.writeFile(`${JSON.stringify(checked, null, 2)}\n`, 'utf8')
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined)
    throw new Error(
      `Could not save the settings to ${path}: ${(error as Error).message}. Check that the folder is writable and the disk is not full.`,
      { cause: error },
    )
  }
}

import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { writePrivateFile } from '../private-files'
import { readRegularFile } from '../regular-file'
import { fileVersion, NewerCasefileError, newerCasefileWords } from '../newer-casefile'
import { FOLDER_FILE, FOLDER_FILE_MAX_BYTES } from './folder-layout'
import { LATEST_SCHEMA } from './migrations/latest-schema'

/**
 * Throws when the folder's record (casefile-folder.json, parsed) is a newer Casefile's: a folder
 * format above 1, or a database schema above the one this version knows.
 */
export function refuseNewerFolder(dataDir: string, record: unknown): void {
  const format = fileVersion(record, 'format')
  if (format !== undefined && format > 1)
    throw new NewerCasefileError(
      newerCasefileWords(`The data folder ${dataDir}`, `folder format ${format}`, 'format 1'),
    )
  const schema = fileVersion(record, 'schema')
  if (schema !== undefined && schema > LATEST_SCHEMA)
    throw new NewerCasefileError(
      newerCasefileWords(
        `The data folder ${dataDir}`,
        `schema ${schema}`,
        `schema ${LATEST_SCHEMA}`,
      ),
    )
}

/**
 * The first check on a folder, before its connection.json is read or anything is written:
 * refused when a newer Casefile wrote it. A record that is missing or cannot be read is left to
 * the folder's key (readFolderIdentity says what is wrong with it).
 */
export function checkFolderNotNewer(dataDir: string): void {
  let record: unknown
  try {
    record = JSON.parse(
      readRegularFile(join(dataDir, FOLDER_FILE), { maxBytes: FOLDER_FILE_MAX_BYTES }).toString(
        'utf8',
      ),
    )
  } catch {
    return
  }
  refuseNewerFolder(dataDir, record)
}

/**
 * Records in casefile-folder.json the database schema the folder is now at, keeping every other
 * key as it was: a Casefile that does not know that schema then refuses the folder before it
 * reads connection.json or looks for the key (readFolderIdentity). Nothing happens for a folder
 * with no identity, or when the schema is already recorded.
 */
export function recordFolderSchema(dataDir: string, schema: number): void {
  const path = join(dataDir, FOLDER_FILE)
  let json: Record<string, unknown>
  try {
    const parsed: unknown = JSON.parse(
      readRegularFile(path, { maxBytes: FOLDER_FILE_MAX_BYTES }).toString('utf8'),
    )
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return
    json = parsed as Record<string, unknown>
  } catch {
    return
  }
  if (json['format'] !== 1 || json['schema'] === schema) return
  const temp = `${path}.${process.pid}.tmp`
  writePrivateFile(temp, `${JSON.stringify({ ...json, schema }, null, 2)}\n`)
  renameSync(temp, path)
}

/**
 * A file or database of a data folder (or the app's settings) that a newer Casefile wrote, in a
 * version this one does not know. This version must not read it as if it understood it, nor
 * rewrite it: it refuses, in words, and changes nothing. Each settings file carries a version
 * for this (connection.json's `version`, settings.json's `version`, casefile-folder.json's
 * `format` and the database `schema` it records), checked before anything else in the file.
 */
export class NewerCasefileError extends Error {
  override name = 'NewerCasefileError'
}

/** "… was written by a newer Casefile (schema 12; this version knows 9); install the newer version …" */
export function newerCasefileWords(what: string, found: string, knows: string): string {
  return `${what} was written by a newer Casefile (${found}; this version knows ${knows}); install the newer version to open it. Nothing was changed.`
}

/** The version a file gives (a number), or undefined when it gives none. */
export function fileVersion(json: unknown, key: string): number | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined
  const value = (json as Record<string, unknown>)[key]
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** Our own times are epoch milliseconds in the database and ISO 8601 text in answers. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString()
}

/** A registry date-time as milliseconds, or null when it is absent or unreadable (never throws). */
export function registryTimeMs(text: string | null | undefined): number | null {
  if (typeof text !== 'string' || text.trim() === '') return null
  const ms = Date.parse(text)
  return Number.isNaN(ms) ? null : ms
}

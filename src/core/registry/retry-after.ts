export const RETRY_AFTER_MAX_MS = 60 * 60 * 1000

/**
 * Reads a Retry-After header in either form (delay-seconds or an HTTP-date) as milliseconds
 * from `now`, clamped to [0, 1 hour] so a wrong clock or a hostile header cannot park the
 * queue for days. Undefined when absent or unreadable.
 */
export function parseRetryAfter(header: unknown, now: number = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  const text = String(value).trim()
  if (text === '') return undefined
  let ms: number
  if (/^\d+(\.\d+)?$/.test(text)) {
    ms = Number(text) * 1000
  } else {
    const at = Date.parse(text)
    if (Number.isNaN(at)) return undefined
    ms = at - now
  }
  return Math.min(Math.max(0, Math.round(ms)), RETRY_AFTER_MAX_MS)
}

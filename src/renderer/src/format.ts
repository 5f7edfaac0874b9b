/** Sizes as people read them: 512 B, 14.2 KiB, 3.1 MiB. */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KiB`
  return `${(size / 1024 / 1024).toFixed(1)} MiB`
}

/*
 * One formatter each, made once: toLocaleString and new Intl.*Format build a formatter at every
 * call (about a millisecond in Chromium), and a list of times formatted at each drawing spent
 * seconds of a drain there (bench:outbox-ui's profile).
 */
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

/** A time (epoch ms or ISO text) in the user's locale; "—" when there is none. */
export function formatTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return timeFormat.format(date)
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—'
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date)
}

/**
 * Splits a message into its sentence and the technical part some end with: "(ECONNREFUSED)",
 * "(HTTP 503)", "(the answer is not JSON)" after a full stop.
 */
export function splitTechnical(message: string): { text: string; detail: string | null } {
  const match = /^(.*?[.!?])\s*\(((?:[A-Z][A-Z0-9_]{2,})|(?:HTTP \d{3}))\)\s*$/s.exec(message)
  if (!match) return { text: message, detail: null }
  return { text: match[1] ?? message, detail: match[2] ?? null }
}

/** "just now", "3 minutes ago", "in 5 seconds": a time relative to now, for people. */
export function formatRelative(
  value: number | string | null | undefined,
  now = Date.now(),
): string {
  if (value === null || value === undefined || value === '') return '—'
  const at = new Date(value).getTime()
  if (Number.isNaN(at)) return String(value)
  const seconds = Math.round((at - now) / 1000)
  const abs = Math.abs(seconds)
  if (abs < 5) return at > now ? 'now' : 'just now'
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
    ['month', 12],
    ['year', Infinity],
  ]
  let amount = seconds
  for (const [unit, size] of units) {
    if (Math.abs(amount) < size) return relativeFormat.format(amount, unit)
    amount = Math.round(amount / size)
  }
  return formatTime(at)
}

// An ISO 8601 date-time as the registry and the core write them (2026-11-24T00:53:06.234Z).
const ISO_STAMP = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})\b/g

/**
 * A message from the registry or the core in the words a person uses: its ISO time stamps as
 * local times, and the id of the report it is about (when the screen already names that report)
 * as "this report".
 */
export function plainWords(message: string, options: { reportId?: string | null } = {}): string {
  let text = message.replace(ISO_STAMP, (stamp) => formatTime(stamp))
  const id = options.reportId
  if (id) {
    text = text.split(`Report ${id}`).join('This report')
    text = text.split(`report ${id}`).join('this report')
    text = text.split(id).join('this report')
  }
  return text
}

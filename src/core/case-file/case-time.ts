/*
 * Times as a case file says them: in Lagos (West Africa Time, UTC+1 all year), with the UTC
 * instant beside it so nothing depends on a reader's own time zone.
 */

const lagos = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
})

/** "14 March 2026, 10:05:03 Lagos time (2026-03-14 09:05:03 UTC)"; a text that is no date, as it is. */
export function lagosTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '\u2014'
  const at = typeof value === 'number' ? value : Date.parse(value)
  if (Number.isNaN(at)) return `${String(value)} (as the registry wrote it; not a date)`
  const utc = new Date(at)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' UTC')
  return `${lagos.format(at).replace(' at ', ', ')} Lagos time (${utc})`
}

const lagosClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
})
const lagosDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})

/** "18:11 on 24 November 2026" (Lagos time), for a sentence; a text that is no date, as it is. */
export function lagosMinute(value: string | number): string {
  const at = typeof value === 'number' ? value : Date.parse(value)
  if (Number.isNaN(at)) return String(value)
  return `${lagosClock.format(at)} on ${lagosDay.format(at)}`
}

const lagosShort = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Africa/Lagos',
  dateStyle: 'short',
  timeStyle: 'medium',
})

/** "2026-03-14 10:05:03 Lagos (09:05:03 UTC)": for a page's footer. */
export function lagosShortTime(at: number): string {
  const utc = new Date(at).toISOString().slice(11, 19)
  return `${lagosShort.format(at)} Lagos (${utc} UTC)`
}

/** A timestamp for names: 20260314-090503 (UTC). */
export function stampOf(at: number): string {
  return new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d{3}Z$/, '')
}

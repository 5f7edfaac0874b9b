/*
 * Excel saves numbers as binary doubles written out with up to 17 significant digits
 * ("0.10000000000000001"); it shows at most 15. These turn a saved value into the text the
 * user saw in the cell, so "0123…" questions are answered by what is on screen.
 */

/** A saved number as Excel shows it in a General cell (15 significant digits, no exponent below 1e21). */
export function formatExcelNumber(raw: string): string {
  if (/^-?\d{1,15}$/.test(raw)) return raw
  const value = Number(raw)
  if (!Number.isFinite(value)) return raw
  return String(Number(value.toPrecision(15)))
}

/**
 * A saved number as a format of zeros only shows it (`0000000000`: 123456789 as 0123456789):
 * rounded to a whole number (halves away from zero) from the 15 digits Excel shows, written
 * with at least `zeros` digits.
 */
export function formatZeroPaddedNumber(raw: string, zeros: number): string {
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(value)) return raw
  const whole = Math.round(Math.abs(Number(value.toPrecision(15))))
  const digits = whole < 1e21 ? String(whole) : wholeDigits(whole)
  // Excel keeps the sign of a negative number that rounds to 0, and shows -0.
  return (value < 0 ? '-' : '') + digits.padStart(zeros, '0')
}

/** The digits of a whole number past 1e21 (String gives an exponent there), 15 significant. */
function wholeDigits(whole: number): string {
  const [mantissa = '', exponent = '0'] = whole.toExponential(14).split('e')
  return mantissa.replace('.', '') + '0'.repeat(Number(exponent) - 14)
}

const DAY_MS = 86_400_000
/** Day 0 of the 1900 system is 1899-12-30 once Excel's phantom 29 Feb 1900 is accounted for. */
const EPOCH_1900 = Date.UTC(1899, 11, 30)
const EPOCH_1904 = Date.UTC(1904, 0, 1)

/** A date-formatted serial as ISO text: 2024-03-01, 2024-03-01 14:30:00, or 14:30:00 for a time. */
export function excelSerialToText(raw: string, date1904: boolean): string {
  const serial = Number(raw)
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return formatExcelNumber(raw)
  // Serials 1–60 of the 1900 system predate the phantom leap day and sit one day later.
  const adjusted = !date1904 && serial < 61 ? serial + 1 : serial
  const ms = Math.round(adjusted * DAY_MS) + (date1904 ? EPOCH_1904 : EPOCH_1900)
  const iso = new Date(ms).toISOString() // yyyy-mm-ddThh:mm:ss.sssZ
  const date = iso.slice(0, 10)
  const time = iso.slice(11, 19)
  if (serial < 1) return time
  return Number.isInteger(serial) ? date : `${date} ${time}`
}

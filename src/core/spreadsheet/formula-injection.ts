/**
 * A cell that starts with one of these is read as a formula (or a DDE command) by Excel,
 * LibreOffice and Google Sheets when a CSV is opened: OWASP's "CSV injection".
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text)
}

/** Text that is a formula start behind one or more single quotes: what neutralizing writes. */
const NEUTRALIZED = /^'+[=+\-@\t\r]/

/**
 * OWASP's advice for CSV: prefix such a cell with a single quote, so it is shown as text and
 * never run. Text that already starts with quotes before a formula character gets one more, so
 * that restoreNeutralized can always take exactly one off: the pair round-trips every text.
 * Text that is already harmless is returned unchanged.
 */
export function neutralizeFormula(text: string): string {
  return startsLikeFormula(text) || NEUTRALIZED.test(text) ? `'${text}` : text
}

/**
 * The inverse of neutralizeFormula, for CSV cells read back (the fix-and-reimport loop of the
 * rejected rows): one leading quote before quotes and a formula character is taken off, so
 * `'+Account received` is imported as `+Account received`. Any other text is left as it is
 * (a cell starting with a quote and a letter keeps its quote).
 */
export function restoreNeutralized(text: string): string {
  return text.charCodeAt(0) === 0x27 && NEUTRALIZED.test(text) ? text.slice(1) : text
}

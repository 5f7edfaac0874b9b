/**
 * A cell that starts with one of these is read as a formula (or a DDE command) by Excel,
 * LibreOffice and Google Sheets when a CSV is opened: OWASP's "CSV injection".
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text)
}

/**
 * OWASP's advice for CSV: prefix such a cell with a single quote, so it is shown as text and
 * never run. Text that is already harmless is returned unchanged.
 */
export function neutralizeFormula(text: string): string {
  return startsLikeFormula(text) ? `'${text}` : text
}

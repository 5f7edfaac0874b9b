/**
 * Text that a spreadsheet program may read as a formula or a command (OWASP's "CSV injection"):
 * Excel, LibreOffice and Google Sheets take a cell starting with = + - @ as a formula, and a
 * tab, carriage return or line feed first is on OWASP's list too. A program finds the start past
 * what it trims or does not show, so the guard looks there as well: past spaces of every kind
 * and line breaks (LibreOffice's "Trim spaces", Google Sheets), past invisible format characters
 * (a zero-width space, a bidi mark, a byte-order mark), and past a `;` or `,` a program reading
 * with another separator splits on. The signs are also known in their full-width forms (＝ ＋ －
 * ＠, what an East Asian keyboard types and some programs take as =), the small forms, the minus
 * sign, and DDE's pipe (`|`, as in `cmd|' /C calc'!A0`).
 */
const OWASP_FIRST = /^[\t\r\n]/
const SKIPPED = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point};,]+/u
const SIGN = /^[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B\u2212]/

export function startsLikeFormula(text: string): boolean {
  return OWASP_FIRST.test(text) || SIGN.test(text.replace(SKIPPED, ''))
}

/** Text that is a formula start behind one or more single quotes: what neutralizing writes. */
const isNeutralized = (text: string) =>
  text.charCodeAt(0) === 0x27 && startsLikeFormula(text.replace(/^'+/, ''))

/**
 * OWASP's advice for CSV: prefix such a cell with a single quote, so it is shown as text and
 * never run. Text that already starts with quotes before a formula start gets one more, so
 * that restoreNeutralized can always take exactly one off: the pair round-trips every text.
 * Text that is already harmless is returned unchanged.
 */
export function neutralizeFormula(text: string): string {
  return startsLikeFormula(text) || isNeutralized(text) ? `'${text}` : text
}

/**
 * The inverse of neutralizeFormula, for CSV cells read back (the fix-and-reimport loop of the
 * rejected rows): one leading quote before quotes and a formula start is taken off, so
 * `'+Account received` is imported as `+Account received`. Any other text is left as it is
 * (a cell starting with a quote and a letter keeps its quote).
 */
export function restoreNeutralized(text: string): string {
  return isNeutralized(text) ? text.slice(1) : text
}

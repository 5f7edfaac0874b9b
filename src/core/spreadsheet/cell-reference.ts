/** Spreadsheet column letters: 0 → A, 25 → Z, 26 → AA (what the user sees above each column). */
export function columnLetter(index: number): string {
  let n = index + 1
  let letters = ''
  while (n > 0) {
    const rem = (n - 1) % 26
    letters = String.fromCharCode(65 + rem) + letters
    n = Math.floor((n - 1) / 26)
  }
  return letters
}

/** "B7" for column index 1, row 7. */
export function cellReference(columnIndex: number, rowNumber: number): string {
  return `${columnLetter(columnIndex)}${rowNumber}`
}

/**
 * Column index of an A1 reference such as "AB12" (letters only are read), or -1 when the
 * reference has no letters. Stops past 7 letters so a hostile reference cannot overflow.
 */
export function columnIndexOfReference(reference: string): number {
  let index = 0
  let letters = 0
  for (let i = 0; i < reference.length && letters <= 7; i++) {
    const code = reference.charCodeAt(i) | 0x20 // lower-case
    if (code < 97 || code > 122) break
    index = index * 26 + (code - 96)
    letters++
  }
  return letters === 0 ? -1 : index - 1
}

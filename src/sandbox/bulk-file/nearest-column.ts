/**
 * The template column a header most likely meant to name (`fraud_resaon` → `fraud_reason`), for
 * the bulk answer's "did you mean" (src/sandbox/README.md, "Header"); null when none is close.
 * Close is at most a third of the column's length in typing slips (a letter added, dropped,
 * changed, or two neighbours swapped), counted with and without the underscores, or the start
 * of exactly one column's name. The registry's own, not the app's command-line suggestions.
 */
export function nearestColumn(header: string, columns: readonly string[]): string | null {
  if (header === '') return null
  let nearest: string | null = null
  let fewest = Infinity
  for (const column of columns) {
    const slips = Math.min(
      typingSlips(header, column),
      typingSlips(header.replaceAll('_', ''), column.replaceAll('_', '')),
    )
    const allowed = Math.max(1, Math.floor(column.length / 3))
    if (slips <= allowed && slips < fewest) {
      nearest = column
      fewest = slips
    }
  }
  if (nearest !== null) return nearest
  const begun = header.length >= 2 ? columns.filter((column) => column.startsWith(header)) : []
  return begun.length === 1 ? (begun[0] ?? null) : null
}

/** Edits between two words, a swap of neighbours counting as one (restricted Damerau distance). */
function typingSlips(a: string, b: string): number {
  // Three rows of the table at a time: the one before last, the last, and the one being filled.
  let beforeLast: number[] = []
  let last = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const changed = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(
        (last[j] ?? Infinity) + 1,
        (row[j - 1] ?? Infinity) + 1,
        (last[j - 1] ?? Infinity) + changed,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (beforeLast[j - 2] ?? Infinity) + 1)
      row.push(best)
    }
    beforeLast = last
    last = row
  }
  return last[b.length] ?? Infinity
}

/** Edits (insert, delete, replace, swap two neighbours) between two words. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  const at = (i: number, j: number) => rows[i]?.[j] ?? Infinity
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1)
      ;(rows[i] as number[])[j] = best
    }
  return at(a.length, b.length)
}

/**
 * The candidate the user most likely meant (`--dryrun` → `dry-run`, `outbx` → `outbox`), or
 * null when none is close: a few edits away for its length, or the start of exactly one.
 */
export function closestMatch(word: string, candidates: readonly string[]): string | null {
  const typed = word.replace(/^-+/, '').toLowerCase()
  if (typed === '') return null
  let best: { candidate: string; edits: number } | null = null
  for (const candidate of candidates) {
    const edits = Math.min(
      distance(typed, candidate),
      distance(typed.replace(/[-_]/g, ''), candidate.replace(/-/g, '')),
    )
    if (edits <= Math.max(1, Math.floor(candidate.length / 3)) && (!best || edits < best.edits))
      best = { candidate, edits }
  }
  if (best) return best.candidate
  const starts = candidates.filter((c) => typed.length >= 2 && c.startsWith(typed))
  return starts.length === 1 ? (starts[0] as string) : null
}

/*
 * Where case.pdf's lines break. pdfkit's own wrapping follows Unicode's line-breaking rules,
 * which allow a break after a hyphen: a report id (6650f0c2-…) or a link came out of
 * `pdftotext` as two words, and a search for the id found nothing. Here lines break at spaces
 * only; a token wider than the line (a long link) gets a line of its own and, only if it is
 * still too wide, is broken after a slash, "?", "&" or "=" (never inside an id or a hash, which
 * have none), and as a last resort where it runs out of room. The lines given to pdfkit then
 * fit, and pdfkit is given room past them (pdf-writer.ts), so it breaks none of them again.
 */

/** A little less than the line, for rounding. */
const SLACK = 1

/** A long token cut after its separators, into pieces that each fit where possible. */
function splitToken(token: string, width: number, measure: (s: string) => number): string[] {
  const pieces = token.split(/(?<=[/?&=])/)
  const lines: string[] = []
  let line = ''
  for (const piece of pieces) {
    if (measure(line + piece) <= width) {
      line += piece
      continue
    }
    if (line) lines.push(line)
    line = piece
    // A piece too wide on its own line (no separator in it): cut where the room ends.
    while (measure(line) > width && line.length > 1) {
      let n = line.length - 1
      while (n > 1 && measure(line.slice(0, n)) > width) n--
      lines.push(line.slice(0, n))
      line = line.slice(n)
    }
  }
  if (line) lines.push(line)
  return lines
}

/** `text`'s lines at `width`, broken at spaces only (its own line breaks kept). */
export function wrapAtSpaces(
  text: string,
  width: number,
  measure: (s: string) => number,
): string[] {
  const room = width - SLACK
  const out: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(' ')) {
      const joined = line ? `${line} ${word}` : word
      if (measure(joined) <= room) {
        line = joined
        continue
      }
      if (line) out.push(line)
      if (measure(word) <= room) line = word
      else {
        const pieces = splitToken(word, room, measure)
        line = pieces.pop() ?? ''
        out.push(...pieces)
      }
    }
    out.push(line)
  }
  return out
}

/**
 * The widest piece of `text` that may not be broken (a word, or a link's part between
 * slashes): when it is wider than the line, the caller may take a smaller size.
 */
export function widestWord(text: string, measure: (s: string) => number): number {
  return Math.max(0, ...text.split(/[\n ]|(?<=[/?&=])/).map(measure))
}

/**
 * Whether a JSON text nests arrays and objects deeper than `max`, read in one pass without
 * parsing it: a hostile answer of 48 MB of `[` cost 2.5 GB and 17 s in JSON.parse and the schema
 * check. The registry's real answers nest about six deep (an envelope, a page, a report, its
 * identifiers).
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

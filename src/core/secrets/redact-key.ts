/**
 * Takes an API key out of a text bound for an error message, the exchange log or a console
 * line: the whole key, and also any part of it a cut-off body or a registry message may carry.
 *
 * - any run of 8 or more characters that appears in the key (a key quoted in part, or split by
 *   a line break or an ellipsis);
 * - at the end of the text, a beginning of the key of 4 characters or more (a body cut mid-key);
 * - at the start of the text, an end of the key of 4 characters or more (a body that begins mid-key).
 *
 * Shorter fragments are left: four characters of a key are what the window itself shows.
 */
export const REDACTED = '[redacted]'
const MIN_RUN = 8
const MIN_EDGE = 4

export function redactKey(text: string, key: string | undefined | null): string {
  if (!key || key.length < MIN_EDGE || text.length === 0) return text
  const hidden = new Uint8Array(text.length)
  const mark = (from: number, to: number) => hidden.fill(1, from, to)

  // Every run of MIN_RUN characters that is in the key (a run longer than that is a chain of them).
  const run = Math.min(MIN_RUN, key.length)
  const pieces = new Set<string>()
  for (let i = 0; i + run <= key.length; i++) pieces.add(key.slice(i, i + run))
  for (let i = 0; i + run <= text.length; i++)
    if (pieces.has(text.slice(i, i + run))) mark(i, i + run)

  // A text that ends inside the key, or begins inside it.
  for (let n = Math.min(key.length, text.length); n >= MIN_EDGE; n--)
    if (text.endsWith(key.slice(0, n))) {
      mark(text.length - n, text.length)
      break
    }
  for (let n = Math.min(key.length, text.length); n >= MIN_EDGE; n--)
    if (text.startsWith(key.slice(key.length - n))) {
      mark(0, n)
      break
    }

  if (!hidden.includes(1)) return text
  let out = ''
  for (let i = 0; i < text.length;) {
    if (hidden[i]) {
      out += REDACTED
      while (i < text.length && hidden[i]) i++
    } else out += text[i++]
  }
  return out
}

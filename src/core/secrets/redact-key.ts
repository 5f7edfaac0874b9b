/**
 * Takes an API key out of a text bound for an error message, the exchange log or a console
 * line: the whole key, and also any part of it a cut-off body or a registry message may carry.
 *
 * - any run of 8 or more characters that appears in the key (a key quoted in part, or split by
 *   a line break or an ellipsis);
 * - at the end of the text, a beginning of the key of 4 characters or more (a body cut mid-key);
 * - at the start of the text, an end of the key of 4 characters or more (a body that begins mid-key);
 * - the same runs in the key's encoded forms: base64 (at any alignment), base64url, hex, URL-encoding;
 * - the key shown in fragments shorter than that (split by spaces, dashes or markup), found once
 *   the characters the key does not use are taken out.
 *
 * Shorter fragments are left: four characters of a key are what the window itself shows.
 */
export const REDACTED = '[redacted]'
const MIN_RUN = 8
const MIN_EDGE = 4

/** Marks in `hidden` every run of MIN_RUN characters of `text` that appears in `secret`. */
function markRuns(text: string, secret: string, mark: (from: number, to: number) => void): void {
  const run = Math.min(MIN_RUN, secret.length)
  if (run < MIN_EDGE) return
  const pieces = new Set<string>()
  for (let i = 0; i + run <= secret.length; i++) pieces.add(secret.slice(i, i + run))
  for (let i = 0; i + run <= text.length; i++)
    if (pieces.has(text.slice(i, i + run))) mark(i, i + run)
}

/**
 * The key as an error page or a proxy may echo it: base64 (at each of the three byte
 * alignments, as inside a longer value such as a Basic header: only the characters that do not
 * depend on what comes before or after), base64url, hex and URL-encoding.
 */
export function encodedForms(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8')
  const forms = new Set<string>()
  for (let pad = 0; pad < 3; pad++) {
    const padded = Buffer.concat([Buffer.alloc(pad), bytes])
    const encoded = padded.toString('base64').replace(/=+$/, '')
    // Characters touched by the padding before, or by whatever follows the key, are not stable.
    const from = Math.ceil((pad * 4) / 3)
    const to = Math.floor(((pad + bytes.length) * 4) / 3)
    const stable = encoded.slice(from, to)
    forms.add(stable)
    forms.add(stable.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  forms.add(bytes.toString('hex'))
  forms.add(bytes.toString('hex').toUpperCase())
  forms.add(encodeURIComponent(key))
  forms.delete(key)
  return [...forms].filter((form) => form.length >= MIN_RUN)
}

/**
 * The text with markup and every character the key does not use taken out, and where each
 * remaining character was: a key shown in fragments ("sbx_9e0 9f7cb…", one per table cell) is
 * whole again in it.
 */
function keyCharacters(text: string, key: string): { text: string; at: number[] } {
  const alphabet = new Set(key)
  const at: number[] = []
  let out = ''
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '<') {
      const end = text.indexOf('>', i)
      if (end !== -1 && end - i < 200) {
        i = end
        continue
      }
    }
    if (alphabet.has(text[i] as string)) {
      out += text[i]
      at.push(i)
    }
  }
  return { text: out, at }
}

export function redactKey(text: string, key: string | undefined | null): string {
  if (!key || key.length < MIN_EDGE || text.length === 0) return text
  const hidden = new Uint8Array(text.length)
  const mark = (from: number, to: number) => hidden.fill(1, from, to)

  // Every run of MIN_RUN characters that is in the key (a run longer than that is a chain of
  // them), in the key as it is and in each of its encoded forms.
  markRuns(text, key, mark)
  for (const form of encodedForms(key)) markRuns(text, form, mark)
  // The key in fragments: runs found once separators and markup are taken out hide the whole
  // stretch they were spread over.
  const joined = keyCharacters(text, key)
  if (joined.text.length !== text.length)
    markRuns(joined.text, key, (from, to) =>
      mark(joined.at[from] as number, (joined.at[to - 1] as number) + 1),
    )

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

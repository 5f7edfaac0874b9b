import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

/**
 * Whether a passphrase is strong enough to seal a data folder's key for export. Length alone let
 * `123456789012` through; an estimator of the guesses a cracker would need (zxcvbn-ts: common
 * passwords, English words, names, keyboard walks, sequences, dates, l33t) does not.
 *
 * The bar: 10^14 guesses (a hundred trillion). A stolen export is attacked offline, each guess costing scrypt at the
 * export's parameters (key-transfer.ts: 512 MiB and about 1.6 s of a core). Even at 100,000
 * guesses a second (a hundred GPUs) half of 10^14 takes about 16 years. Five or six random words,
 * or 16 random characters, clear it; a name with a year, a phrase from a song, or 12 digits do not.
 */
export const MIN_PASSPHRASE_LENGTH = 12
export const MIN_GUESSES_LOG10 = 14

/** Words a person might build a passphrase from here, which an attacker would try first. */
const CONTEXT_WORDS = ['casefile', 'passphrase', 'export', 'folder', 'key', 'registry', 'fraud']

let estimator: Promise<ZxcvbnFactory> | null = null

/** Loaded on first use only: its dictionaries take half a second and a few MB to build. */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ])
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    })
  })()
  return estimator
}

export const HOW_TO_CHOOSE =
  'A strong one: five or six words picked at random (from a dictionary or dice, not a phrase or a saying), or 16 random characters from a password manager. Write it down and keep it apart from the file.'

/**
 * Null for a passphrase strong enough to seal an export; otherwise the sentence that says why it
 * is not and how to make one that is. `context` adds words the attacker knows (the folder's id).
 */
export async function passphraseProblem(
  passphrase: string,
  context: readonly string[] = [],
): Promise<string | null> {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH)
    return `That passphrase is too short: use at least ${MIN_PASSPHRASE_LENGTH} characters. ${HOW_TO_CHOOSE}`
  const result = (await zxcvbn()).check(passphrase, [...CONTEXT_WORDS, ...context])
  if (result.guessesLog10 >= MIN_GUESSES_LOG10) return null
  const said = result.feedback.warning?.replace(/\.$/, '')
  const warning = said ? ` (${said.charAt(0).toLowerCase()}${said.slice(1)})` : ''
  return (
    `That passphrase could be found in ${triesInWords(result.guessesLog10)}${warning}; ` +
    `a stolen export must hold out against a hundred trillion. ${HOW_TO_CHOOSE}`
  )
}

/** 10^x tries as a person reads it: "about 20,000 tries", "billions of tries". */
function triesInWords(log10: number): string {
  if (log10 < 6) {
    const tries = Number(Math.max(1, 10 ** log10).toPrecision(1))
    return `about ${tries.toLocaleString('en')} tries`
  }
  if (log10 < 9) return 'millions of tries'
  if (log10 < 12) return 'billions of tries'
  return 'trillions of tries'
}

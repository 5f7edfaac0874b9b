/**
 * A name from outside (a registry link's last segment, a file name another organization chose)
 * as a person will read it: every character that is not seen but changes what is seen is
 * taken out. A right-to-left override (U+202E) shows `statement\u202Efdp.exe` as
 * "statementexe.pdf"; the other bidi embeddings, overrides, isolates and marks, zero-width
 * spaces and joiners, the byte-order mark, soft hyphens, variation selectors, tag characters,
 * Hangul fillers and the like hide a name's real spelling the same way, and controls (NUL, a
 * terminal's escape sequences) have no place in a name. Line breaks, tabs and the other spaces
 * (no-break, ideographic, thin) read as one plain space. Pure, so the core, main and the window
 * agree.
 */
const BREAKS = /[\p{Zs}\p{Zl}\p{Zp}\t\n\v\f\r\u0085]+/gu
const UNSEEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu

export function visibleName(name: string): string {
  return name
    .normalize('NFC')
    .replace(BREAKS, ' ')
    .replace(UNSEEN, '')
    .replace(/ {2,}/g, ' ')
    .trim()
}

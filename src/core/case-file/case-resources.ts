import { readFileSync } from 'node:fs'
import * as fontkit from 'fontkit'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { casefilePackage, type CasefilePackage } from '../package-root'

/*
 * What a case file carries of Casefile itself: the fonts it is written in (Noto Sans, under the
 * SIL Open Font License, in resources/fonts with its licence) and the version and computer that
 * wrote it, for the s.84 certificate.
 */

/** Casefile's package, where its fonts are: said in words when it cannot be found. */
function packageRoot(): CasefilePackage {
  const found = casefilePackage()
  if (!found) throw new Error('Casefile\u2019s own files (its fonts) cannot be found.')
  return found
}

export interface CaseFonts {
  regular: Buffer
  bold: Buffer
}

let fonts: CaseFonts | null = null
let faces: { regular: fontkit.Font; bold: fontkit.Font } | null = null

/**
 * Noto Sans, regular and bold: every letter of Yoruba, Igbo and Hausa (ọ ẹ ṣ ị ụ ṅ ɓ ɗ ƙ ƴ, tone
 * marks precomposed or combining) and the naira sign (test/core/case-file checks each glyph).
 */
export function caseFonts(): CaseFonts {
  if (fonts) return fonts
  const dir = join(packageRoot().dir, 'resources', 'fonts')
  return (fonts = {
    regular: readFileSync(join(dir, 'NotoSans-Regular.ttf')),
    bold: readFileSync(join(dir, 'NotoSans-Bold.ttf')),
  })
}

/**
 * The same fonts read by fontkit once for the process, for every case file's PDF. Read anew for
 * each document (pdfkit's way with a font's bytes), a one-report case file spent 100 ms quiet
 * and 400 ms under bench:load reading the fonts' tables before its first word, in one piece on
 * the core's thread; read once, a later document starts at once. fontkit's font is read-only
 * after reading (pdfkit keeps each document's subset and layouts apart). pdfkit takes such a
 * font where it takes the bytes, though its types name only the bytes (pdf-writer.ts).
 */
export function caseFontFaces(): { regular: fontkit.Font; bold: fontkit.Font } {
  if (faces) return faces
  const { regular, bold } = caseFonts()
  return (faces = { regular: fontkit.create(regular), bold: fontkit.create(bold) })
}

/** The system that produced a case file, as its certificate names it. */
export interface ProducingSystem {
  software: string
  computer: string
}

export function producingSystem(): ProducingSystem {
  return { software: `Casefile ${packageRoot().version}`, computer: hostname() }
}

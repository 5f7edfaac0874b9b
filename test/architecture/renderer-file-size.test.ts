import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Issue 39: no source file of the renderer over 400 lines (src/renderer, every .ts and .tsx), so
// a screen is its feature folder's parts, each of which its name can say. A file that grows past
// it is split along a seam (a step of the screen, a part of a store), not allowed here.

const MAX_LINES = 400
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const RENDERER = join(ROOT, 'src', 'renderer')

/** Lines as `wc -l` counts them: the line breaks, and a last line without one. */
function lineCount(text: string): number {
  const breaks = text.split('\n').length - 1
  return text.length > 0 && !text.endsWith('\n') ? breaks + 1 : breaks
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const lengths = sourceFiles(RENDERER).map((path) => ({
  file: relative(ROOT, path).split('\\').join('/'),
  lines: lineCount(readFileSync(path, 'utf8')),
}))

describe(`src/renderer files stay within ${MAX_LINES} lines`, () => {
  it('finds the renderer to measure, its feature folders included', () => {
    expect(lengths.length).toBeGreaterThan(50)
    expect(lengths.some(({ file }) => file.includes('/features/screening/'))).toBe(true)
  })

  it('has none over', () => {
    const over = lengths
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file} (${lines} lines)`)
    expect(over, `split these along a seam: ${over.join(', ')}`).toEqual([])
  })
})

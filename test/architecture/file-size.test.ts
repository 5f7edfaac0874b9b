import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// No file in src/core over 300 lines (issue 25), none in src/renderer over 400 (issue 39), so
// each holds one thing that its name can say (a screen is its feature folder's parts). A file
// that grows past it is split along a seam (a step of the screen, a part of a store), not
// allowed here.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

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

/** Each tree, its limit, and a file it must find, so that a wrong path cannot pass empty. */
const TREES = [
  { tree: 'src/core', maxLines: 300, holds: '/core/outbox/' },
  { tree: 'src/renderer', maxLines: 400, holds: '/features/screening/' },
]

describe.each(TREES)('$tree files stay within $maxLines lines', ({ tree, maxLines, holds }) => {
  const lengths = sourceFiles(join(ROOT, tree)).map((path) => ({
    file: relative(ROOT, path).split('\\').join('/'),
    lines: lineCount(readFileSync(path, 'utf8')),
  }))

  it('finds the files to measure', () => {
    expect(lengths.length).toBeGreaterThan(50)
    expect(lengths.some(({ file }) => file.includes(holds))).toBe(true)
  })

  it('has none over', () => {
    const over = lengths
      .filter(({ lines }) => lines > maxLines)
      .map(({ file, lines }) => `${file} (${lines} lines)`)
    expect(over, `split these along a seam: ${over.join(', ')}`).toEqual([])
  })
})

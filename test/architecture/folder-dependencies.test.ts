import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No two folders of src/core import each other, directly or round a circle (docs/architecture.md,
 * "Front doors"): what two folders share belongs to the one that owns it, so the folders stand in
 * layers and each can be read, tested and changed knowing only the fronts of those below it.
 */
const coreDir = resolve('src/core')
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : []
  })
const folderOf = (file: string): string | null => {
  const parts = relative(coreDir, file).split(sep)
  return parts[0] === '..' || parts.length < 2 ? null : parts[0]!
}

function folderImports(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>()
  for (const file of walk(coreDir)) {
    const from = folderOf(file)
    if (!from) continue
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
      const to = folderOf(resolve(dirname(file), match[1]!))
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to))
    }
  }
  return edges
}

describe("src/core's folders", () => {
  it('sees the imports between folders', () => {
    const edges = folderImports()
    // A check that reads nothing passes anything: the outbox is known to use the drafts' front.
    expect(edges.get('outbox')?.has('drafts')).toBe(true)
  })

  it('never import each other, directly or round a circle', () => {
    const edges = folderImports()
    const circles: string[] = []
    const done = new Set<string>()
    const path: string[] = []
    const visit = (folder: string): void => {
      if (path.includes(folder)) {
        circles.push([...path.slice(path.indexOf(folder)), folder].join(' -> '))
        return
      }
      if (done.has(folder)) return
      path.push(folder)
      for (const next of edges.get(folder) ?? []) visit(next)
      path.pop()
      done.add(folder)
    }
    for (const folder of edges.keys()) visit(folder)
    expect(circles).toEqual([])
  })
})

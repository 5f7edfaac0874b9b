import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Keeps the user guide and its screenshots in step: every picture the guide shows exists, every
 * screenshot in docs/user-guide/ is shown by the guide (a shot added to
 * scripts/user-guide-screenshots.ts needs its place in the text), and the pictures stay small.
 */
const DOCS = join(__dirname, '..', '..', 'docs')
const guide = readFileSync(join(DOCS, 'user-guide.md'), 'utf8')
const referenced = [...guide.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] as string)
const files = readdirSync(join(DOCS, 'user-guide')).filter((name) => name.endsWith('.png'))

describe('docs/user-guide.md', () => {
  it('shows only pictures that exist', () => {
    expect(referenced.length).toBeGreaterThan(0)
    expect(referenced.filter((path) => !existsSync(join(DOCS, path)))).toEqual([])
  })

  it('shows every screenshot in docs/user-guide/', () => {
    const shown = new Set(referenced)
    expect(files.filter((name) => !shown.has(`user-guide/${name}`))).toEqual([])
  })

  it('keeps the screenshots small (under 3 MB together)', () => {
    const total = files.reduce(
      (sum, name) => sum + statSync(join(DOCS, 'user-guide', name)).size,
      0,
    )
    expect(total).toBeLessThan(3_000_000)
  })

  it('links only to its own headings and files in the repository', () => {
    const anchors = new Set(
      [...guide.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
        (m[1] as string)
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
    )
    const links = [...guide.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] as string)
    expect(links.filter((link) => /^[a-z]+:/i.test(link))).toEqual([])
    expect(links.filter((link) => link.startsWith('#') && !anchors.has(link.slice(1)))).toEqual([])
  })
})

import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// Issue 39, item 5: the core's errors carry a code and the facts (InputError's `problem`), and
// each front words them itself: the CLI with its commands and options (src/cli/core-words.ts),
// the window with its own controls. So no string in src/core names a CLI command
// ("casefile banks"), option ("--map") or way ("run the command again"), nor a control of the
// window ("Settings → Connection", a button to click); comments may, and so may the files below.

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CORE = join(ROOT, 'src', 'core')

/**
 * A CLI command (`casefile ` and a word, but not "a casefile command", which names none) or an
 * option (`--` and a word) in a string's text.
 */
const CLI_WORDS = /casefile (?!command\b)[a-z]|(?:^|[^\w-])--[a-z][a-z-]*|\brun the command\b/

/** A place or control of the window: Settings, a path through it, a button, a click. */
const WINDOW_WORDS = /\bSettings\s*(?:→|->)|\b(?:in|under|from) Settings\b|\bclick|\bbutton\b/i

/** Files whose strings may name the CLI, each with why. */
const EXCEPTIONS: Record<string, string> = {
  // Document text: what a case file or bundle tells a court about checking its files.
  'src/core/case-file/case-pdf.ts': 'case.pdf tells its reader how to check the files',
  'src/core/case-file/certificate.ts': 'the certificate says how to check the signature',
  'src/core/case-file/case-file-names.ts': 'the certificate says how to check SHA256SUMS',
  'src/core/cases/case-bundle-pdf.ts': "the bundle's PDF says how to check its files",
  // Records and machinery, not words to a person.
  'src/core/case-file/case-file-log.ts': "the append-only log's record of the command that ran",
  'src/core/case-file/evidence-thread.ts': "Node's own --import flag for the drawing worker",
  'src/core/drafts/attachment-cipher.ts': "derive() labels: changing them loses the folder's keys",
}

/** Files whose strings may name a control of the window, each with why (none, today). */
const WINDOW_EXCEPTIONS: Record<string, string> = {}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The text of every string literal and template piece of a file (comments are not). */
function stringsOf(path: string, text = readFileSync(path, 'utf8')): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      found.push(node.text)
    // Import and export specifiers are module names, not words.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe("the core's words", () => {
  // The core's words of a network refusal live in src/shared, beside the facts the window gets.
  const files = [...sourceFiles(CORE), join(ROOT, 'src', 'shared', 'network-refusal.ts')].map(
    (path) => ({
      file: relative(ROOT, path).split('\\').join('/'),
      strings: stringsOf(path),
    }),
  )

  it('name no CLI command or option outside the files listed', () => {
    expect(files.length).toBeGreaterThan(100)
    const naming = files
      .filter(({ file }) => !(file in EXCEPTIONS))
      .flatMap(({ file, strings }) =>
        strings.filter((text) => CLI_WORDS.test(text)).map((text) => `${file}: ${text}`),
      )
    expect(naming).toEqual([])
  })

  it('list only files that still need it', () => {
    const stale = Object.keys(EXCEPTIONS).filter((file) => {
      const found = files.find((f) => f.file === file)
      return !found || !found.strings.some((text) => CLI_WORDS.test(text))
    })
    expect(stale).toEqual([])
  })

  it('name no control of the window', () => {
    const naming = files
      .filter(({ file }) => !(file in WINDOW_EXCEPTIONS))
      .flatMap(({ file, strings }) =>
        strings.filter((text) => WINDOW_WORDS.test(text)).map((text) => `${file}: ${text}`),
      )
    expect(naming).toEqual([])
    const stale = Object.keys(WINDOW_EXCEPTIONS).filter(
      (file) => !files.find((f) => f.file === file)?.strings.some((t) => WINDOW_WORDS.test(t)),
    )
    expect(stale).toEqual([])
  })

  it('catch a string that names a window control, and not a comment that does', () => {
    expect(WINDOW_WORDS.test('Give them in Settings → Connection.')).toBe(true)
    expect(WINDOW_WORDS.test('Give them in Settings -> Connection.')).toBe(true)
    expect(WINDOW_WORDS.test('Click Choose certificate file…')).toBe(true)
    expect(WINDOW_WORDS.test('with the Retry button')).toBe(true)
    expect(WINDOW_WORDS.test('Set a valid key in Settings; the queue waits.')).toBe(true)
    expect(WINDOW_WORDS.test("in Casefile's connection settings")).toBe(false)
    expect(CLI_WORDS.test('Free some space and run the command again.')).toBe(true)
    expect(CLI_WORDS.test('Free some space and try again.')).toBe(false)
    const sample = "// Settings → Connection\nconst a = 'Choose it in Settings → Connection.'"
    expect(stringsOf('sample.ts', sample).filter((text) => WINDOW_WORDS.test(text))).toEqual([
      'Choose it in Settings → Connection.',
    ])
  })

  it('catch a string that names a command or an option, and not a comment that does', () => {
    expect(CLI_WORDS.test('No case 7: `casefile case list` lists them.')).toBe(true)
    expect(CLI_WORDS.test('give the row (--header-row N).')).toBe(true)
    expect(CLI_WORDS.test('a well-known name, 2024--2025')).toBe(false)
    expect(CLI_WORDS.test('Another Casefile (the app or a casefile command)')).toBe(false)
    const sample =
      '// `casefile banks --refresh`\nthrow new Error(`No case ${id}: \\`casefile case list\\``)'
    expect(stringsOf('sample.ts', sample).filter((text) => CLI_WORDS.test(text))).toEqual([
      ': `casefile case list`',
    ])
  })
})

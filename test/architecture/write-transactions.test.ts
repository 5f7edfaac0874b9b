import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Issue 36: a data folder is written by several processes at once (the app, a scheduler's
// `casefile watch check`, another CLI). better-sqlite3's plain `db.transaction(fn)()` begins
// DEFERRED, and one that reads before it writes fails at once with SQLITE_BUSY_SNAPSHOT when
// another process committed meanwhile, without waiting out busy_timeout. Every transaction in
// the core goes through src/core/store/write-transaction.ts, which begins IMMEDIATE (or, for
// one that only reads, says so).

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CORE = join(ROOT, 'src', 'core')
const HELPER = 'src/core/store/write-transaction.ts'
/**
 * The reading thread's own connection (store/read-thread.ts) is query_only: it cannot write, so
 * its batches begin DEFERRED as readTransaction's do, in source eval'd in its worker.
 */
const READ_ONLY_THREAD = 'src/core/store/read-thread.ts'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('transactions in the core', () => {
  it('all begin through writeTransaction or readTransaction', () => {
    const files = sourceFiles(CORE)
    expect(files.length).toBeGreaterThan(50)
    const direct = files
      .map((path) => ({
        file: relative(ROOT, path).split('\\').join('/'),
        text: readFileSync(path, 'utf8'),
      }))
      .filter(({ file, text }) => {
        if (file === READ_ONLY_THREAD) {
          expect(text).toMatch(/db\.pragma\('query_only = 1'\)/)
          expect(text).toMatch(/batch\.deferred\(/)
          return false
        }
        return file !== HELPER && /\.transaction\s*\(/.test(text)
      })
      .map(({ file }) => file)
    expect(direct).toEqual([])
  })
})

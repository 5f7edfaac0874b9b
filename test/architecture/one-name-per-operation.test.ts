import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { frontFileOf } from '../../eslint-rules/core-folder.mjs'

/**
 * One name per operation (docs/architecture.md, "Front doors"): a function a folder's front file
 * defines over the context is not also exported under the same name by another file of the
 * folder over the database, so no import (the CLI's, a handler's, a test's) can take the one for
 * the other. The database-level function is named for what it does (loadReport, queueReportWith).
 */
const coreDir = 'src/core'
const exportedFunctions = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^export (?:async )?function (\w+)/gm)].map((m) => m[1]!)

function doubledNames(): string[] {
  const doubled: string[] = []
  for (const folder of readdirSync(coreDir)) {
    const dir = join(coreDir, folder)
    if (!statSync(dir).isDirectory()) continue
    // The front file as the front-doors lint rule finds it.
    const front = frontFileOf(coreDir, folder)
    if (!existsSync(front)) continue
    const frontNames = new Set(exportedFunctions(front))
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      const path = join(dir, file)
      if (path === front) continue
      for (const name of exportedFunctions(path))
        if (frontNames.has(name)) doubled.push(`${name}: ${front} and ${path}`)
    }
  }
  return doubled
}

describe("src/core's front files", () => {
  it('read the fronts they check', () => {
    expect(exportedFunctions(join(coreDir, 'outbox', 'outbox.ts'))).toContain('retryNow')
  })

  it('define no function another file of the folder exports under the same name', () => {
    expect(doubledNames()).toEqual([])
  })
})

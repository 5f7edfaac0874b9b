// `casefile outbox` loads only what it needs: not the sandbox's web server, not the spreadsheet
// readers and writers, not the HTTP client. Checked on the built bundle, by recording every
// module the process resolves.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runCasefile, tempFolder } from './cli-harness'

const BIN = join(__dirname, '..', '..', 'bin', 'casefile.mjs')

/** Runs the built command with a resolve hook that writes down every module it loads. */
function modulesLoadedBy(args: string[]): { urls: string[]; code: string } {
  const dir = tempFolder('casefile-lazy-')
  const log = join(dir, 'modules.log')
  const hook = join(dir, 'record-modules.mjs')
  writeFileSync(
    hook,
    `import { registerHooks } from 'node:module'
import { appendFileSync } from 'node:fs'
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context)
    appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n')
    return resolved
  },
})
`,
  )
  writeFileSync(log, '')
  const run = spawnSync(process.execPath, ['--import', hook, BIN, ...args], { encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  const urls = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))]
  // The bundle's chunks name the sources they hold in comments (// src/core/…).
  const code = urls
    .filter((url) => url.startsWith('file:') && url.includes('/out/cli/'))
    .map((url) => readFileSync(fileURLToPath(url), 'utf8'))
    .join('\n')
  return { urls, code }
}

describe('lazy loading per command', () => {
  it('casefile outbox --json runs the bundle without fastify, spreadsheets, axios or the sync engine', async () => {
    const dataDir = tempFolder()
    await runCasefile([
      'config',
      'set',
      '--base-url',
      'http://127.0.0.1:9',
      '--upload-url',
      'http://127.0.0.1:9',
      '--data-dir',
      dataDir,
    ])
    const { urls, code } = modulesLoadedBy(['outbox', '--json', '--data-dir', dataDir])
    expect(urls.some((url) => url.includes('/out/cli/index.mjs'))).toBe(true)
    expect(urls.filter((url) => /\/src\/|tsx/.test(url))).toEqual([])
    expect(urls.filter((url) => /fastify|yauzl|yazl|saxes/.test(url))).toEqual([])
    // Nor the PDF renderer case.pdf loads for a PDF attachment.
    expect(urls.filter((url) => /pdfjs-dist|@napi-rs\/canvas/.test(url))).toEqual([])
    expect(code).toMatch(/\/\/ src\/core\/outbox\//)
    expect(code).not.toMatch(/\/\/ src\/core\/spreadsheet\//)
    expect(code).not.toMatch(/\/\/ src\/sandbox\//)
    expect(code).not.toMatch(/\/\/ node_modules\/axios\//)
    // It only reads the store: neither the core's wiring nor its sync engine is loaded.
    expect(code).not.toMatch(/\/\/ src\/core\/open-core\.ts/)
    expect(code).not.toMatch(/\/\/ src\/core\/sync\/sync-engine\.ts/)
  })

  it('by contrast, casefile import loads the spreadsheet readers; --version loads no database', async () => {
    const dataDir = tempFolder()
    await runCasefile([
      'config',
      'set',
      '--base-url',
      'http://127.0.0.1:9',
      '--upload-url',
      'http://127.0.0.1:9',
      '--data-dir',
      dataDir,
    ])
    const sheet = join(dataDir, 'cases.csv')
    writeFileSync(sheet, 'fraud_type,fraud_reason,phone\n')
    const imported = modulesLoadedBy(['import', sheet, '--dry-run', '--data-dir', dataDir])
    expect(imported.code).toMatch(/\/\/ src\/core\/spreadsheet\//)
    expect(imported.code).toMatch(/\/\/ src\/core\/open-core\.ts/)
    const version = modulesLoadedBy(['--version'])
    expect(version.urls.filter((url) => /better-sqlite3|\/chunks\//.test(url))).toEqual([])
  })
})

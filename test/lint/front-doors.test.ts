import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * Outside a folder of src/core, only the folder's front file may be imported (eslint-rules/
 * front-doors.mjs, docs/architecture.md "Front doors"): linting probe files placed where the
 * core, the CLI, the core process and main live shows which imports pass.
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function frontDoorProblems(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'casefile/front-doors')
    .map((message) => message.message)
}

describe('the front-doors rule', () => {
  it.each([
    [
      'src/core/sync/probe.ts',
      "import { queueReportWith } from '../outbox/queue-create'",
      /'\.\.\/outbox\/outbox'/,
    ],
    [
      'src/cli/commands/probe.ts',
      "import { openDatabase } from '../../core/store/open-database'",
      /'\.\.\/\.\.\/core\/store\/store'/,
    ],
    [
      'src/core-process/probe.ts',
      "export { runWatchlist } from '../core/watchlist/watch-runs'",
      /src\/core\/watchlist/,
    ],
    [
      'src/main/probe.ts',
      "import { proxyAddress } from '../core/network/proxy-choice'",
      /'\.\.\/core\/network\/network'/,
    ],
    [
      'src/core/open-core-probe.ts',
      "const m = await import('./secrets/keyring-backend')",
      /'\.\/secrets\/index'/,
    ],
  ])('refuses a deep import in %s', async (filePath, line, suggestion) => {
    const problems = await frontDoorProblems(`${line}\nexport const used = 1\n`, filePath)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/reaches behind the front door/)
    expect(problems[0]).toMatch(suggestion)
  })

  it.each([
    ['src/core/sync/probe.ts', "import { loadOperation } from '../outbox/outbox'"],
    ['src/core/sync/probe.ts', "import { nodeTimers } from './timer-delay'"],
    ['src/cli/commands/probe.ts', "import { openDatabase } from '../../core/store/store'"],
    ['src/main/probe.ts', "import { createKeychainKeyStore } from '../core/secrets'"],
    ['src/core/probe.ts', "import type { CoreContext } from './core-context'"],
    [
      'test/core/outbox/probe.test.ts',
      "import { queueReportWith } from '../../../src/core/outbox/queue-create'",
    ],
  ])('lets %s import %s', async (filePath, line) => {
    expect(await frontDoorProblems(`${line}\nexport const used = 1\n`, filePath)).toEqual([])
  })

  it.each([
    ['src/cli/commands/probe.ts', 'export const rows = (store: { db: unknown }) => store.db'],
    ['src/core-process/probe.ts', 'export const rows = (anything: { db: unknown }) => anything.db'],
  ])('refuses reaching into a database in %s', async (filePath, code) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath })
    const problems = (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax')
    expect(problems.map((m) => m.message)).toEqual([expect.stringMatching(/never work on Db/)])
  })
})

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The sandbox registry may take only the spec's data shapes from src/shared (eslint.config.mjs,
 * src/sandbox/README.md): linting a probe file placed in src/sandbox shows which imports pass.
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function restrictedImports(code: string, filePath = 'src/sandbox/bulk-file/probe.ts') {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe("the sandbox's import rule", () => {
  it.each([
    ["import { openCore } from '../../core/core-context'", /shares no code with the client/],
    ["import { normalizeIdentifierValue } from '../../core'", /shares no code with the client/],
    ["import { runCli } from '../../cli/main'", /shares no code with the client/],
    ["import { createWindow } from '../../main/index'", /shares no code with the client/],
    ["import { App } from '../../renderer/src/App'", /shares no code with the client/],
    ["import { sniffFileType } from '../../shared/file-types'", /only the spec's data shapes/],
    ["import { closestMatch } from '../../shared/did-you-mean'", /only the spec's data shapes/],
    ["import { describeIssues } from '../../shared/validation-messages'", /data shapes/],
    ["import { nubanDigits } from '../../shared/domain/nuban'", /only the spec's data shapes/],
    [
      "import { normalizeIdentifierValue } from '../../shared/domain/identifiers'",
      /the types' list, not the app's rewriting/,
    ],
    [
      "import { splitAccountValue, type IdentifierType } from '../../shared/domain/identifiers'",
      /the types' list/,
    ],
    ["import { normalizeBulkHeader } from '../../shared/bulk-template'", /header matching/],
  ])('refuses %s', async (line, message) => {
    const problems = await restrictedImports(`${line}\nexport const used = [${usedName(line)}]\n`)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(message)
  })

  it('takes the data shapes it is allowed', async () => {
    const code = [
      "import { createReportInputSchema, type ReportInput } from '../../shared/domain/report-input'",
      "import { searchInputSchema } from '../../shared/domain/search-input'",
      "import { FRAUD_TYPES, FRAUD_TYPE_LABELS } from '../../shared/domain/fraud-types'",
      "import { IDENTIFIER_TYPES, type IdentifierType } from '../../shared/domain/identifiers'",
      "import { BULK_COLUMNS, BULK_BOOKKEEPING_HEADERS } from '../../shared/bulk-template'",
      "import { DEMO_ORGANIZATION_NAMES } from '../../shared/sandbox-demo'",
      'export type Shapes = [ReportInput, IdentifierType]',
      'export const shapes = [createReportInputSchema, searchInputSchema, FRAUD_TYPES, FRAUD_TYPE_LABELS, IDENTIFIER_TYPES, BULK_COLUMNS, BULK_BOOKKEEPING_HEADERS, DEMO_ORGANIZATION_NAMES]',
    ].join('\n')
    expect(await restrictedImports(code)).toEqual([])
  })
})

/** The names a probe import brings in, used so no other rule complains of an unused import. */
function usedName(line: string): string {
  const names = /\{([^}]*)\}/.exec(line)?.[1] ?? ''
  return names
    .split(',')
    .map((name) => name.trim())
    .filter((name) => !name.startsWith('type '))
    .join(', ')
}

import { readdirSync, readFileSync } from 'node:fs'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import { JOINED_READS, TABLE_OWNERS } from '../../eslint-rules/table-owners.mjs'

/**
 * Each table of the store has one owning folder of src/core that alone reads and writes it
 * (eslint-rules/table-owners.mjs, docs/architecture.md): linting a probe file placed in a folder
 * shows which SQL passes there.
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function tableProblems(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'casefile/table-owner')
    .map((message) => message.message)
}

const probe = (sql: string) =>
  `import type { Db } from '../store/open-database'\nexport const probe = (db: Db) => db.prepare(${JSON.stringify(sql)}).all()\n`

describe('the table-owner rule', () => {
  it('refuses a foreign SELECT … FROM cached_reports', async () => {
    const problems = await tableProblems(
      probe("SELECT id FROM cached_reports WHERE own = 1 AND kind = 'report'"),
      'src/core/search/probe.ts',
    )
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/cached_reports belongs to src\/core\/cache\//)
  })

  it.each([
    ['src/core/submissions/probe.ts', 'UPDATE cached_reports SET own = 1 WHERE id = ?', /cache\//],
    ['src/core/sync/probe.ts', "UPDATE operations SET state = 'queued' WHERE id = ?", /outbox\//],
    ['src/core/outbox/probe.ts', 'INSERT INTO reports (local_id) VALUES (?)', /drafts\//],
    ['src/cli/probe.ts', 'SELECT count(*) FROM exchange_log', /log\//],
    ['src/core-process/probe.ts', 'SELECT * FROM watch_items', /watchlist\//],
    [
      'src/core/insights/probe.ts',
      'cached_reports INDEXED BY cached_reports_own_type WHERE own = 1',
      /cache\//,
    ],
  ])('refuses, in %s, %s', async (filePath, sql, owner) => {
    const problems = await tableProblems(probe(sql), filePath)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(owner)
  })

  it('takes SQL in the folder that owns its tables', async () => {
    const sql = 'SELECT id FROM cached_reports INDEXED BY cached_reports_own_created WHERE own = 1'
    expect(await tableProblems(probe(sql), 'src/core/cache/probe.ts')).toEqual([])
    expect(await tableProblems(probe('SELECT 1 FROM reports'), 'src/core/drafts/probe.ts')).toEqual(
      [],
    )
  })

  it("takes a joined read in the one file named for it, and refuses that file's write", async () => {
    const [file, { tables }] = Object.entries(JOINED_READS)[0]!
    const table = tables[0]!
    expect(await tableProblems(probe(`SELECT 1 FROM ${table} t`), file)).toEqual([])
    const write = await tableProblems(probe(`DELETE FROM ${table}`), file)
    expect(write).toHaveLength(1)
    expect(write[0]).toMatch(/only it writes the table/)
  })

  it('leaves words that are not SQL alone', async () => {
    const message = 'Could not queue the reports: the cases and operations were kept'
    expect(await tableProblems(probe(message), 'src/core/search/probe.ts')).toEqual([])
  })

  it('lints the migrations, which name every table, as schema files', async () => {
    const sql = 'CREATE TABLE cached_reports (id TEXT)'
    expect(await tableProblems(probe(sql), 'src/core/store/migrations/0099-probe.ts')).toEqual([])
  })
})

describe("docs/architecture.md's table list", () => {
  it('names every table with the owner eslint-rules/table-owners.mjs gives it', () => {
    const docs = readFileSync('docs/architecture.md', 'utf8')
    const section = docs.split('### Tables and their owners')[1]?.split('\n#')[0] ?? ''
    const listed = Object.fromEntries(
      [...section.matchAll(/^\| `([a-z_]+)` +\| `([a-z-]+)\/` /gm)].map((m) => [m[1], m[2]]),
    )
    expect(listed).toEqual(TABLE_OWNERS)
  })

  it('names every table the migrations create', () => {
    const created = new Set<string>()
    const folder = 'src/core/store/migrations'
    for (const name of readdirSync(folder)) {
      const text = readFileSync(`${folder}/${name}`, 'utf8')
      for (const m of text.matchAll(/CREATE (?:VIRTUAL )?TABLE (\w+)/g)) created.add(m[1]!)
    }
    // A migration's scratch table, renamed to its real name in the same migration.
    created.delete('watch_alerts_next')
    expect([...created].sort()).toEqual(Object.keys(TABLE_OWNERS).sort())
  })
})

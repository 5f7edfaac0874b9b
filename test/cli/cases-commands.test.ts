import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src/sandbox'
import { inspector, startTestSandbox, TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { BUILT_CASEFILE } from './built-casefile'
import { unpack } from '../core/case-file/case-file-support'
import { runCasefile, sandboxFolder, STACK_TRACE, tempFolder } from './cli-harness'

/* `casefile case new|add|note|list|show|export CASE`, as an investigator builds a case. */

let sandbox: RunningSandbox
let env: Record<string, string>
let dataDir: string
const run = (args: string[]) => runCasefile([...args, '--data-dir', dataDir], env)

beforeAll(async () => {
  sandbox = await startTestSandbox()
  env = { CASEFILE_API_KEY: sandbox.demoKeys[0]!.key }
  dataDir = await sandboxFolder((args) => runCasefile(args, env), sandbox)
})
afterAll(() => sandbox.stop())

describe('casefile case, for a case', () => {
  it('builds a case from the command line and exports it to a zip sha256sum -c accepts', async () => {
    const own = await inspector(sandbox, env.CASEFILE_API_KEY!).createReport({
      fraudType: 'money_mule',
      fraudReason: 'The account received the proceeds of three card frauds within a single day.',
      identifiers: [{ label: 'email', value: 'mule@example.com' }],
      attachments: [],
      showUploaderInfo: false,
    })
    const other = await inspector(sandbox, sandbox.demoKeys[1]!.key).createReport({
      fraudType: 'hacker',
      fraudReason: 'Another bank saw the same email address take over a customer account.',
      identifiers: [{ label: 'email', value: 'mule@example.com' }],
      attachments: [],
      showUploaderInfo: true,
    })

    const opened = await run(['case', 'new', 'Mule network', '--note', 'Opened on a complaint.'])
    expect(opened.stderr).toBe('')
    expect(opened.code).toBe(0)
    const caseId = opened.stdout.trim()
    expect(caseId).toMatch(/^case-[0-9a-f]{10}$/)

    const report = await run(['case', 'add', caseId, '--report', own.id])
    expect(report.code).toBe(0)
    expect(report.stdout).toContain(`Added to ${caseId}: 2.`)
    expect(report.stdout).toContain(`report ${own.id}`)
    const search = await run([
      'case',
      'add',
      caseId,
      '--search',
      'MULE@example.com',
      '--type',
      'email',
    ])
    expect(search.stderr).toBe('')
    expect(search.stdout).toMatch(
      /search email mule@example\.com: 2 reports \(answered .*registry's clock; SHA-256 [0-9a-f]{64}\)/,
    )
    expect((await run(['case', 'add', caseId, '--report', other.id])).code).toBe(0)
    const note = await run(['case', 'note', caseId, 'Both reports name the same address.'])
    expect(note.stdout).toBe(`Added to ${caseId}: note, item 5.`)

    const shown = await run(['case', 'show', caseId, '--json'])
    expect(shown.code).toBe(0)
    const view = shown.json()
    expect(Object.keys(view)).toEqual(['id', 'title', 'createdAt', 'items', 'exports'])
    expect(view).toMatchObject({ id: caseId, title: 'Mule network', exports: [] })
    expect(view.items.map((i: { kind: string }) => i.kind)).toEqual([
      'note',
      'report',
      'search',
      'report',
      'note',
    ])
    for (const item of view.items) expect(Date.parse(item.addedAt)).not.toBeNaN()
    expect(view.items[2]).toMatchObject({
      kind: 'search',
      identifier: 'email',
      value: 'mule@example.com',
      request: { method: 'POST', body: '{"identifier":"email","value":"mule@example.com"}' },
      certificateSha256: null,
    })
    expect(view.items[2].reportIds.sort()).toEqual([own.id, other.id].sort())

    const out = join(tempFolder(), 'mule-network.zip')
    const exported = await run(['case', 'export', caseId, '--out', out])
    expect(exported.stderr).toBe('')
    expect(exported.code).toBe(0)
    expect(exported.stdout).toContain(`Case ${caseId} written to ${out}`)
    const { dir, files } = unpack(readFileSync(out))
    expect(files).toContain('items/03-search-email/registry-answer.json')
    const checked = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' })
    expect(checked).not.toMatch(/FAILED/)
    const fingerprint = execFileSync('sha256sum', ['SHA256SUMS'], {
      cwd: dir,
      encoding: 'utf8',
    }).split(' ')[0]!
    expect(exported.stdout).toContain(fingerprint)

    const after = (await run(['case', 'show', caseId, '--json'])).json()
    expect(after.exports).toEqual([
      { at: expect.any(String), fingerprint, file: 'mule-network.zip', by: expect.any(String) },
    ])
    const listed = await run(['case', 'list'])
    expect(listed.stdout).toMatch(new RegExp(`${caseId} .* 5 .*Mule network`))
    const log = await run(['log', '--json'])
    expect(JSON.stringify(log.json())).toContain(`CASE EXPORT ${caseId}`)
    // A report id still makes a report's case file, as before.
    const single = join(tempFolder(), 'one.zip')
    const one = await run(['case', 'export', own.id, '--out', single])
    expect(one.stdout).toContain(`Case file of ${own.id} written to ${single}`)
  }, 120_000)

  it('says what is wrong, in words, with exit 1', async () => {
    const id = (await run(['case', 'new', 'Refusals'])).stdout.trim()
    const cases: [string[], RegExp][] = [
      [['case', 'show', 'case-0000000000'], /No case case-0000000000 in this data folder/],
      [['case', 'note', id, '  '], /The note is empty/],
      [['case', 'new', 'x'.repeat(201)], /keep it to 200/],
      [['case', 'add', id], /Say what to add, one at a time/],
      [['case', 'add', id, '--report', 'a', '--alert', '1'], /one at a time/],
      [['case', 'add', id, '--search', '0803'], /--search needs --type/],
      [['case', 'add', id, '--alert', 'x'], /--alert is a number/],
      [['case', 'add', id, '--alert', '4242'], /No watch alert 4242/],
      [['case', 'add', id, '--search', '123', '--type', 'bvn'], /A BVN is 11 digits/],
    ]
    for (const [args, message] of cases) {
      const result = await run(args)
      expect([args.join(' '), result.code]).toEqual([args.join(' '), 1])
      expect(result.stderr).toMatch(message)
      expect(result.stderr).not.toMatch(STACK_TRACE)
    }
    expect((await run(['case', 'show', id, '--json'])).json().items).toEqual([])
  }, 60_000)

  it('loses nothing when two processes add to one case at once', async () => {
    // The built command in two processes of its own (the folder's key in the environment), each
    // adding notes one after another while the other does: every note is kept, each in a place
    // of its own.
    const keyed = { ...env, ...TEST_FOLDER_KEY_ENV }
    const folder = await sandboxFolder((args) => runCasefile(args, keyed), sandbox)
    const id = (
      await runCasefile(['case', 'new', 'Two writers', '--data-dir', folder], keyed)
    ).stdout.trim()
    const EACH = 8
    const writer = (name: string) =>
      promisify(execFile)(
        'sh',
        [
          '-c',
          `for i in $(seq ${EACH}); do "$NODE" "$BIN" case note "$CASE" "${name} $i" --data-dir "$DIR" || exit 1; done`,
        ],
        {
          env: {
            ...process.env,
            ...keyed,
            NODE: process.execPath,
            BIN: BUILT_CASEFILE,
            CASE: id,
            DIR: folder,
          },
          timeout: 100_000,
        },
      )
    await Promise.all([writer('first'), writer('second')])
    const view = (
      await runCasefile(['case', 'show', id, '--json', '--data-dir', folder], keyed)
    ).json()
    expect(view.items.map((i: { position: number }) => i.position)).toEqual(
      Array.from({ length: 2 * EACH }, (_, i) => i + 1),
    )
    const texts = view.items.map((i: { text: string }) => i.text).sort()
    const expected = ['first', 'second'].flatMap((n) =>
      Array.from({ length: EACH }, (_, i) => `${n} ${i + 1}`),
    )
    expect(texts).toEqual(expected.sort())
  }, 120_000)
})

// `casefile watch seen|escalate|alerts --all` and the alerts' words (issue 38, 13), against the
// sandbox registry with another organization filing and updating on a watched phone.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { describe, expect, it } from 'vitest'
import { applyKey } from '../../src/core/store/open-database'
import type { ReportInput } from '../../src/shared/domain/report-input'
import { TEST_FOLDER_KEY_ENV, inspector, uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile as runInProcess, sandboxFolder, tempFolder } from './cli-harness'

const registry = useSandbox()
const env = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const runCasefile = (args: string[]) => runInProcess(args, env())
const other = () => inspector(registry.sandbox, registry.otherKey)

/** A report row of the folder, read as the core keeps it. */
function reportRow(dataDir: string, localId: string) {
  const db = new Database(join(dataDir, 'casefile.db'), { readonly: true, fileMustExist: true })
  try {
    applyKey(db, Buffer.from(TEST_FOLDER_KEY_ENV.CASEFILE_DB_KEY, 'hex'))
    return db
      .prepare('SELECT status, draft_json AS draft FROM reports WHERE local_id = ?')
      .get(localId) as { status: string; draft: string } | undefined
  } finally {
    db.close()
  }
}

interface AlertJson {
  id: number
  kind: string
  state: string
  reportId: string
  createdAt: string
  stateReason: string | null
}

const input = (phone: string, fraudReason: string): ReportInput => ({
  fraudType: 'money_mule',
  fraudReason,
  identifiers: [{ label: 'phone', value: phone }],
  attachments: [],
  showUploaderInfo: true,
})

/** "2026-03-14 10:05:03 Lagos (09:05:03 UTC)" for an ISO instant: Lagos is UTC+1 all year. */
function lagosWords(iso: string): string {
  const at = new Date(Date.parse(iso) + 3_600_000).toISOString()
  return `${at.slice(0, 10)} ${at.slice(11, 19)} Lagos (${iso.slice(11, 19)} UTC)`
}

describe('casefile watch: an alert seen, escalated each way, and listed in words', () => {
  it('marks seen, escalates open, draft and case, and lists every alert with its state', async () => {
    const dataDir = await sandboxFolder(runCasefile, registry.sandbox)
    const at = ['--data-dir', dataDir]
    const phone = `0805${String(Date.now()).slice(-7)}`
    expect((await runCasefile(['watch', 'settings', '--budget', '3600', ...at])).code).toBe(0)
    expect((await runCasefile(['watch', 'add', '--type', 'phone', phone, ...at])).code).toBe(0)
    expect((await runCasefile(['watch', 'check', ...at])).code).toBe(0)

    const firstReason = uniqueReason('watch-escalate')
    const filed = await other().createReport(input(phone, firstReason))
    const check = await runCasefile(['watch', 'check', '--all', ...at])
    expect(check.code).toBe(2)
    // In words, the window's: never the raw kind.
    expect(check.stdout).not.toMatch(/new_report/)
    expect(check.stdout).toMatch(new RegExp(`New report: report ${filed.id}, on Phone ${phone}`))
    expect(check.stdout).toContain('Fraud type: Money mule')
    const [first] = (await runCasefile(['watch', 'alerts', '--json', ...at])).json() as AlertJson[]
    expect(first).toMatchObject({ kind: 'new_report', state: 'new', stateReason: null })
    // Raised at a time said in Lagos, UTC beside it.
    expect(check.stdout).toContain(`Raised ${lagosWords(first!.createdAt)}`)

    // Seen: still listed, as seen.
    const seen = await runCasefile(['watch', 'seen', String(first!.id), ...at])
    expect(seen.code).toBe(0)
    expect(seen.stdout).toMatch(new RegExp(`Alert ${first!.id} marked seen`))
    const listed = await runCasefile(['watch', 'alerts', ...at])
    expect(listed.stdout).toMatch(new RegExp(`Alert ${first!.id} \\(Seen\\): New report`))
    expect(listed.stdout).toContain(`Raised ${lagosWords(first!.createdAt)}`)

    // The reason changed: its first 80 characters before and after.
    const secondReason = `Updated: ${uniqueReason('watch-escalate-after')}`
    await other().updateReport(filed.id, input(phone, secondReason))
    const updated = await runCasefile(['watch', 'check', '--all', ...at])
    expect(updated.code).toBe(2)
    expect(updated.stdout).toContain('Reason changed')
    expect(updated.stdout).toContain(`Reason before: "${firstReason.slice(0, 80)}…"`)
    expect(updated.stdout).toContain(`Reason after:  "${secondReason.slice(0, 80)}…"`)
    expect(updated.stdout).not.toContain(firstReason.slice(0, 81))

    // Two more reports: one written into a case file, one dismissed.
    const [forCase, forDismissal] = [
      await other().createReport(input(phone, uniqueReason('watch-escalate-case'))),
      await other().createReport(input(phone, uniqueReason('watch-escalate-dismiss'))),
    ]
    expect((await runCasefile(['watch', 'check', '--all', ...at])).code).toBe(2)
    const alerts = (await runCasefile(['watch', 'alerts', '--json', ...at])).json() as AlertJson[]
    const byReport = (id: string, kind = 'new_report') =>
      alerts.find((a) => a.reportId === id && a.kind === kind)!.id
    const update = byReport(filed.id, 'updated')

    // open: the report found by a search, printed.
    const open = await runCasefile([
      'watch',
      'escalate',
      String(first!.id),
      '--action',
      'open',
      ...at,
    ])
    expect(open.code).toBe(0)
    expect(open.stdout).toContain(`Report ${filed.id}, found by a search for phone ${phone}`)
    expect(open.stdout).toContain(`Reason: ${secondReason}`)
    expect(open.stdout).toMatch(new RegExp(`Alert ${first!.id} escalated: Opened the report\\.`))

    // draft: a new draft naming the identifier, its local id printed.
    const draft = await runCasefile([
      'watch',
      'escalate',
      String(update),
      '--action',
      'draft',
      '--json',
      ...at,
    ])
    expect(draft.code).toBe(0)
    const drafted = draft.json() as { action: string; localId: string; alert: AlertJson }
    expect(drafted).toMatchObject({ action: 'draft', alert: { id: update, state: 'escalated' } })
    const text = await runCasefile([
      'watch',
      'escalate',
      String(update),
      '--action',
      'draft',
      ...at,
    ])
    expect(text.stdout).toMatch(new RegExp(`Draft \\S+ started, naming phone ${phone}`))
    expect(text.stdout).toMatch(/was escalated already \(Started a draft\)/)
    const row = reportRow(dataDir, drafted.localId)
    expect(row?.status).toBe('draft')
    expect(JSON.parse(row!.draft).identifiers).toEqual([{ label: 'phone', value: phone }])

    // case: the case file written where --out says, as `case export` writes it.
    const zip = join(tempFolder('casefile-escalate-'), 'alert.zip')
    const written = await runCasefile([
      'watch',
      'escalate',
      String(byReport(forCase.id)),
      '--action',
      'case',
      '--out',
      zip,
      ...at,
    ])
    expect(written.code).toBe(0)
    expect(existsSync(zip)).toBe(true)
    expect(written.stdout).toContain(`Case file of ${forCase.id} written to ${zip}`)
    expect((await runCasefile(['case', 'verify', zip])).code).toBe(0)

    const dismissed = byReport(forDismissal.id)
    expect(
      (await runCasefile(['watch', 'dismiss', String(dismissed), '--reason', 'known', ...at])).code,
    ).toBe(0)
    const refused = await runCasefile([
      'watch',
      'escalate',
      String(dismissed),
      '--action',
      'open',
      ...at,
    ])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/is dismissed: it cannot become escalated/)
    const badAction = await runCasefile([
      'watch',
      'escalate',
      String(dismissed),
      '--action',
      'mail',
      ...at,
    ])
    expect(badAction.code).toBe(1)
    expect(badAction.stderr).toMatch(/--action is open .*, draft .* or case/)

    // Open ones only by default; --all with each state and why.
    expect((await runCasefile(['watch', 'alerts', '--json', ...at])).json()).toEqual([])
    const all = (
      await runCasefile(['watch', 'alerts', '--all', '--json', ...at])
    ).json() as AlertJson[]
    expect(
      all.map((a) => [a.id, a.state, a.stateReason]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(
      [
        [first!.id, 'escalated', 'Opened the report'],
        [update, 'escalated', 'Started a draft'],
        [byReport(forCase.id), 'escalated', 'Added to a case file (saved as alert.zip)'],
        [dismissed, 'dismissed', 'known'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    )
    const allText = await runCasefile(['watch', 'alerts', '--all', ...at])
    expect(allText.stdout).toMatch(new RegExp(`Alert ${dismissed} \\(Dismissed\\)`))
    expect(allText.stdout).toContain('  Dismissed: known')
    expect(allText.stdout).toContain('  Escalated: Started a draft')
    expect(allText.stdout).not.toMatch(/new_report|updated:/)
  }, 120_000)
})

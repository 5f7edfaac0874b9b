// `casefile watch`: the --json shapes of list, check and alerts, and the exit codes (2 on new
// alerts), against the sandbox registry with another organization filing on a watched phone.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TEST_FOLDER_KEY_ENV, inspector, uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { reportFile, runCasefile as runInProcess, sandboxFolder, tempFolder } from './cli-harness'

const registry = useSandbox()
const env = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const runCasefile = (args: string[]) => runInProcess(args, env())

describe('casefile watch', () => {
  it('adds, lists, checks (exit 2 on a new report), lists alerts and dismisses one', async () => {
    const dataDir = await sandboxFolder(runCasefile, registry.sandbox)
    const at = ['--data-dir', dataDir]
    const phone = `0803${String(Date.now()).slice(-7)}`
    // One check a second: the runs below keep the pace the settings say.
    expect((await runCasefile(['watch', 'settings', '--budget', '3600', ...at])).code).toBe(0)
    const add = await runCasefile([
      'watch',
      'add',
      '--type',
      'phone',
      `+234${phone.slice(1)}`,
      '--note',
      'case 114',
      ...at,
    ])
    expect(add.code).toBe(0)

    const list = await runCasefile(['watch', 'list', '--json', ...at])
    expect(list.code).toBe(0)
    const items = list.json()
    expect(items).toEqual([
      {
        id: expect.any(Number),
        type: 'phone',
        value: phone,
        lastCheckedAt: null,
        nextCheckAt: expect.any(String),
        note: 'case 114',
        owner: null,
        periodMs: 24 * 60 * 60 * 1000,
      },
    ])

    const first = await runCasefile(['watch', 'check', '--json', ...at])
    expect(first.code).toBe(0)
    expect(first.json()).toEqual({ checked: 1, alerts: [], exitCode: 0, remaining: 0 })

    // Not due again for a day: nothing checked, exit 0.
    const early = await runCasefile(['watch', 'check', '--json', ...at])
    expect(early.json()).toEqual({ checked: 0, alerts: [], exitCode: 0, remaining: 0 })

    const report = await inspector(registry.sandbox, registry.otherKey).createReport({
      fraudType: 'money_mule',
      fraudReason: uniqueReason('watch'),
      identifiers: [{ label: 'phone', value: phone }],
      attachments: [],
      showUploaderInfo: true,
    })
    const check = await runCasefile(['watch', 'check', '--all', '--json', ...at])
    expect(check.code).toBe(2)
    const result = check.json()
    // `remaining` came after the first three (issue 36): the items left due.
    expect(Object.keys(result)).toEqual(['checked', 'alerts', 'exitCode', 'remaining'])
    expect(result).toEqual({
      checked: 1,
      alerts: [
        {
          id: expect.any(Number),
          itemId: items[0].id,
          type: 'phone',
          value: phone,
          kind: 'new_report',
          reportId: report.id,
        },
      ],
      exitCode: 2,
      remaining: 0,
    })

    const alerts = await runCasefile(['watch', 'alerts', '--json', ...at])
    expect(alerts.code).toBe(0)
    expect(alerts.json()).toEqual([
      {
        id: result.alerts[0].id,
        kind: 'new_report',
        state: 'new',
        reportId: report.id,
        type: 'phone',
        value: phone,
        createdAt: expect.any(String),
        stateReason: null,
      },
    ])

    // The text says what changed, in the app's words (the --json above keeps its fields).
    const table = await runCasefile(['watch', 'alerts', ...at])
    expect(table.code).toBe(0)
    const [line, , change] = table.stdout.trim().split('\n')
    expect(line).toMatch(/^Alert \d+ \(New\): New report: report /)
    expect(change).toBe('  Fraud type: Money mule')

    const noReason = await runCasefile(['watch', 'dismiss', String(result.alerts[0].id), ...at])
    expect(noReason.code).toBe(1)
    const dismiss = await runCasefile([
      'watch',
      'dismiss',
      String(result.alerts[0].id),
      '--reason',
      'known',
      ...at,
    ])
    expect(dismiss.code).toBe(0)
    expect((await runCasefile(['watch', 'alerts', '--json', ...at])).json()).toEqual([])

    // Checked again with nothing changed: no alert, exit 0.
    const again = await runCasefile(['watch', 'check', '--all', '--json', ...at])
    expect(again.json()).toEqual({ checked: 1, alerts: [], exitCode: 0, remaining: 0 })

    const remove = await runCasefile(['watch', 'remove', String(items[0].id), ...at])
    expect(remove.code).toBe(0)
    expect((await runCasefile(['watch', 'list', '--json', ...at])).json()).toEqual([])
  })

  it("imports a type,value CSV in the editor's form, and says which rows it could not read", async () => {
    const dataDir = await sandboxFolder(runCasefile, registry.sandbox)
    const path = join(tempFolder('casefile-watch-'), 'watch.csv')
    writeFileSync(path, 'type,value\nphone,+234 803 000 1111\nemail,ADA@EXAMPLE.COM\nbvn,12\n')
    const run = await runCasefile(['watch', 'import', path, '--data-dir', dataDir])
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(/2 identifiers added/)
    expect(run.stdout).toMatch(/Row 4/)
    const list = (await runCasefile(['watch', 'list', '--json', '--data-dir', dataDir])).json()
    expect(list.map((i: { type: string; value: string }) => [i.type, i.value])).toEqual([
      ['phone', '08030001111'],
      ['email', 'ada@example.com'],
    ])
  })

  it('keeps an owner and a period, changes them with `watch edit`, and refuses a bad period in words', async () => {
    const dataDir = await sandboxFolder(runCasefile, registry.sandbox)
    const at = ['--data-dir', dataDir]
    const badPeriod = await runCasefile([
      'watch',
      'add',
      '--type',
      'bvn',
      '22212345678',
      '--every',
      '30m',
      ...at,
    ])
    expect(badPeriod.code).toBe(1)
    expect(badPeriod.stderr).toMatch(/--every: "30m" is not a period: .*12h, 2d or 1w/)
    const add = await runCasefile([
      'watch',
      'add',
      '--type',
      'bvn',
      '22212345678',
      '--owner',
      'Ada Obi',
      '--every',
      '12h',
      ...at,
    ])
    expect(add.code).toBe(0)
    const [item] = (await runCasefile(['watch', 'list', '--json', ...at])).json()
    expect(item).toMatchObject({ owner: 'Ada Obi', periodMs: 12 * 60 * 60 * 1000 })
    const text = await runCasefile(['watch', 'list', ...at])
    expect(text.stdout).toMatch(/every 12 hours/)
    expect(text.stdout).toMatch(/Ada Obi/)

    const nothing = await runCasefile(['watch', 'edit', String(item.id), ...at])
    expect(nothing.code).toBe(1)
    expect(nothing.stderr).toMatch(/--note, --owner or --every/)
    const edit = await runCasefile([
      'watch',
      'edit',
      String(item.id),
      '--owner',
      'Tunde Bello',
      '--every',
      '1w',
      '--json',
      ...at,
    ])
    expect(edit.code).toBe(0)
    expect(edit.json()).toMatchObject({
      id: item.id,
      owner: 'Tunde Bello',
      periodMs: 7 * 86_400_000,
    })
    const missing = await runCasefile(['watch', 'edit', '999', '--owner', 'x', ...at])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/No watched item 999/)
  })

  it('exits 3 when the registry cannot be reached, the item still due for the next run', async () => {
    const dataDir = await sandboxFolder(runCasefile, {
      baseUrl: 'http://127.0.0.1:9',
      uploadUrl: 'http://127.0.0.1:9/upload',
    })
    const at = ['--data-dir', dataDir]
    expect(
      (await runCasefile(['watch', 'add', '--type', 'email', 'a@example.com', ...at])).code,
    ).toBe(0)
    const check = await runCasefile(['watch', 'check', '--json', ...at])
    expect(check.code).toBe(3)
    expect(check.json()).toEqual({ checked: 0, alerts: [], exitCode: 3, remaining: 1 })
    const [item] = (await runCasefile(['watch', 'list', '--json', ...at])).json()
    expect(item.lastCheckedAt).toBeNull()
  })

  it('settings: shows and bounds the budget, and watches our sent reports when asked', async () => {
    const dataDir = await sandboxFolder(runCasefile, registry.sandbox)
    const at = ['--data-dir', dataDir]
    const settings = await runCasefile(['watch', 'settings', '--json', ...at])
    expect(settings.code).toBe(0)
    expect(settings.json()).toEqual({ hourlyBudget: 120, ownReports: false, added: 0 })

    for (const bad of ['0', '3601', 'fast', '2.5']) {
      const run = await runCasefile(['watch', 'settings', '--budget', bad, ...at])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(
        `--budget is how many checks an hour the watchlist may make: a whole number from 1 to 3600 (the default is 120); got "${bad}".`,
      )
    }
    const notOnOff = await runCasefile(['watch', 'settings', '--own-reports', 'yes', ...at])
    expect(notOnOff.code).toBe(1)
    expect(notOnOff.stderr).toMatch(/--own-reports is on or off; got "yes"/)

    const budget = await runCasefile(['watch', 'settings', '--budget', '60', ...at])
    expect(budget.code).toBe(0)
    expect(budget.stdout).toMatch(/Checks per hour: 60 \(at most one every 60 s: enough for 1,440/)
    expect(budget.stdout).toMatch(/watched: off/)

    // A report of ours, sent: watched once own reports are on.
    const tail = String(Date.now()).slice(-6)
    const first = `08041${tail}`
    const second = `08042${tail}`
    const send = async (phone: string) => {
      const file = reportFile(dataDir, { identifiers: [{ label: 'phone', value: phone }] })
      expect((await runCasefile(['submit', file, ...at])).code).toBe(0)
      expect((await runCasefile(['sync', '--until-idle', ...at])).code).toBe(0)
    }
    await send(first)
    const on = await runCasefile(['watch', 'settings', '--own-reports', 'on', ...at])
    expect(on.code).toBe(0)
    expect(on.stdout).toMatch(/1 identifier of our sent reports added to the watchlist/)
    const list = async () =>
      (await runCasefile(['watch', 'list', '--json', ...at])).json() as {
        id: number
        value: string
      }[]
    const [item] = await list()
    expect(item?.value).toBe(first)

    // Removed by hand: not added back; a report sent later: picked up by `watch check`.
    expect((await runCasefile(['watch', 'remove', String(item!.id), ...at])).code).toBe(0)
    await send(second)
    const check = await runCasefile(['watch', 'check', '--json', ...at])
    expect(check.json()).toMatchObject({ checked: 1, exitCode: 0 })
    expect((await list()).map((i) => i.value)).toEqual([second])

    const off = await runCasefile(['watch', 'settings', '--own-reports', 'off', '--json', ...at])
    expect(off.json()).toEqual({ hourlyBudget: 60, ownReports: false, added: 0 })
  })
})

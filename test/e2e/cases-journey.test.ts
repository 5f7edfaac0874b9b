import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { checkDue } from '../../src/core/watchlist/watch-check'
import {
  certificateFacts,
  certificatePem,
  colonHex,
  createSelfSignedKey,
  keepSigningKey,
} from '../../src/core/signing/signing'
import { opensslVerify } from '../support/openssl-cms'
import type { Harness } from '../web-harness/harness-server'
import { expectAccessible } from './axe'
import { goTo, openFirstSubmission, REASON, see, useDesk } from './desk'
import { overflowing, reportOnRegistry } from './report-steps'

const execFileAsync = promisify(execFile)
const SAVE_DIR = join(mkdtempSync(join(tmpdir(), 'casefile-saves-')), 'saved')
const WORK_DIR = mkdtempSync(join(tmpdir(), 'casefile-cases-journey-'))
const SHOTS = process.env.CASES_SHOTS ?? WORK_DIR
const MULE = 'mule.ring@example.com'
const TITLE = 'Mule ring, Lagos Island'

/** Runs the watchlist's check now, through the harness's own core (as `casefile watch check --all`). */
async function checkNow(harness: Harness): Promise<number> {
  const run = await checkDue(harness.core(), { all: true })
  if (run.stopped) throw new Error(run.stopped.message)
  return run.alerts.length
}

/** Opens Cases afresh (it asks the core for the list, and the open case, on opening). */
async function openCases(page: Page): Promise<void> {
  await goTo(page, 'Search')
  await goTo(page, 'Cases')
}

/** "Add to a case…" inside `scope`: the newest case (the one made here) picked, then Add. */
async function addToTheCase(page: Page, button: ReturnType<Page['getByRole']>): Promise<void> {
  await button.click()
  const pick = page.getByLabel('Case', { exact: true })
  await expect.poll(() => pick.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
  await expect.poll(() => pick.locator('option:checked').innerText()).toMatch(/^Mule ring/)
  await page.getByRole('button', { name: 'Add', exact: true }).click()
}

const items = (page: Page) => page.getByRole('list', { name: 'Items of the case' })

/*
 * Issue 41, the window: a case made with a first note, a report added from its details, a search
 * from its answer and a watch alert from the Watchlist, each named in words on the Cases screen
 * in the order added; a note written; the case exported through main's save dialog (here the
 * harness's save folder), first unsigned and said so, then signed with the key kept for the
 * folder and said by whom (openssl accepts the signature); the zip verified, chosen and dropped,
 * then a changed copy found out.
 * Axe finds nothing, light and dark, and nothing is clipped at 900×650 or 1440×900.
 */
describe('cases, in Chromium', { timeout: 240_000 }, () => {
  const session = useDesk({ saveDir: SAVE_DIR })
  let saved = ''
  let unsigned = ''

  it('makes a case with a first note, refusing one without a title in words', async () => {
    const { page, harness } = session.desk
    await reportOnRegistry(harness, {
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [
        { label: 'email', value: MULE },
        { label: 'account', value: '0123456789_access-bank' },
      ],
    })
    await goTo(page, 'Cases')
    await see(page, 'No case yet: open one below.')
    await page.getByRole('button', { name: 'Make the case' }).click()
    await see(page, 'Give the case a title: what the investigation is about.')
    await page.getByLabel('Title', { exact: true }).fill(TITLE)
    await page.getByLabel('First note (optional)').fill('Opened from the March mule alerts.')
    await page.getByLabel('Title', { exact: true }).press('Enter')
    const heading = page.getByRole('heading', { name: TITLE, level: 2 })
    await heading.waitFor()
    await expect
      .poll(() => heading.evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true)
    await items(page).getByText('Opened from the March mule alerts.').waitFor()
    await expectAccessible(page)
  })

  it('adds a report from its details', async () => {
    const { page } = session.desk
    await openFirstSubmission(page)
    await addToTheCase(page, page.getByRole('button', { name: /^Add to a case…/ }))
    await see(page, `Added the Money mule report to “${TITLE}” (now 2 items).`)
    await expectAccessible(page)
  })

  it('adds a search from its answer (run again now, kept as the registry answered)', async () => {
    const { page } = session.desk
    await goTo(page, 'Search')
    await page.getByLabel('Identifier type').selectOption('email')
    await page.getByLabel('Value').fill(MULE)
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByTestId('answer-for').waitFor()
    await addToTheCase(page, page.getByRole('button', { name: 'Add this search to a case…' }))
    await see(page, `Added the search for Email ${MULE} to “${TITLE}” (now 3 items).`)
    await expectAccessible(page)
  })

  it('adds a watch alert from the Watchlist, which escalates it naming the case', async () => {
    const { page, harness } = session.desk
    await goTo(page, 'Watchlist')
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Email' })
    await page.getByLabel('Value to watch').fill(MULE)
    await page.getByLabel('Value to watch').press('Enter')
    await see(page, new RegExp(`^Now watching ${MULE.replace(/\./g, '\\.')}`))
    // The first check records what is on file; a report filed after it raises an alert.
    await checkNow(harness)
    await reportOnRegistry(harness, {
      fraudType: 'hacker',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: MULE }],
    })
    expect(await checkNow(harness)).toBe(1)
    await goTo(page, 'Search')
    await goTo(page, 'Watchlist')
    const alerts = page.getByRole('list', { name: 'Alerts' })
    await alerts.getByRole('button', { name: /^Escalate…/ }).click()
    await addToTheCase(page, alerts.getByRole('button', { name: /^Add to a case…/ }))
    await see(page, `Escalated: Added to the case “${TITLE}”`)
    await expectAccessible(page)
  })

  it('shows the case’s items in order and in words, and keeps a note', async () => {
    const { page } = session.desk
    // Cases opens on the case left open; its list is a step back.
    await openCases(page)
    await page.getByRole('heading', { name: TITLE, level: 2 }).waitFor()
    await page.getByRole('button', { name: '← All cases' }).click()
    const row = page.getByRole('table', { name: 'Cases' }).getByRole('row').nth(1)
    expect(await row.innerText()).toMatch(new RegExp(`${TITLE}\\s+.+\\s+4\\s+Never`))
    await row.getByRole('button', { name: TITLE }).click()
    await items(page).waitFor()
    const kinds = await items(page).locator('.case-item .badge').allInnerTexts()
    expect(kinds).toEqual(['Note', 'Report', 'Search answer', 'Watch alert'])
    const text = await items(page).innerText()
    expect(text).toMatch(/Money mule report/)
    expect(text).toMatch(/Bank account 0123456789 · Access Bank/)
    expect(text).toMatch(new RegExp(`Email ${MULE.replace(/\./g, '\\.')}`))
    expect(text).toMatch(/The registry answered with 1 report, at/)
    expect(text).toMatch(/A new report named Email/)
    expect(text).toMatch(/The report: Hacker \/ account takeover/)
    expect(text).not.toMatch(/money_mule|access-bank|new_report|undefined|\d{4}-\d{2}-\d{2}T/)

    await page.getByRole('button', { name: 'Add the note' }).click()
    await see(page, 'Write the note first: it is empty.')
    await page
      .getByLabel('Note', { exact: true })
      .fill('Called Access Bank’s fraud desk; they hold the account.')
    await page.getByRole('button', { name: 'Add the note' }).click()
    await see(page, 'Note kept at the end of the case.')
    expect(await items(page).locator('.case-item .badge').allInnerTexts()).toHaveLength(5)
    await expectAccessible(page)
  })

  it('exports the case unsigned while no signing key is kept, and says so', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Export the case…' }).click()
    await see(page, /^Saved as .+\.zip\. Its fingerprint/, 120_000)
    const said = await page.getByText(/^Saved as .+ Its fingerprint/).innerText()
    expect(said).toMatch(
      /Unsigned: no signing key is kept for this data folder\. Settings → Case files says how to keep one/,
    )
    const files = readdirSync(SAVE_DIR)
    expect(files).toEqual([expect.stringMatching(/\.zip$/)])
    unsigned = join(SAVE_DIR, files[0] ?? '')
    expect(statSync(unsigned).mode & 0o777).toBe(0o600)
    const { stdout } = await execFileAsync('unzip', ['-Z1', unsigned])
    expect(stdout).toMatch(/^SHA256SUMS$/m)
    expect(stdout).not.toMatch(/SHA256SUMS\.p7s/)
    // The export is listed with the case.
    await page.getByRole('table', { name: 'Exported before' }).waitFor()
    await expectAccessible(page)
  })

  it('signs the next export with the key kept for the folder, saying by whom', async () => {
    const { page, harness } = session.desk
    // As `casefile signing-key create` keeps it on a computer with no keychain.
    const key = await createSelfSignedKey({ name: 'Lagoon MFB fraud desk', now: new Date() })
    await keepSigningKey(harness.core().dataDir, null, key)
    const fingerprint = colonHex(certificateFacts(key.certificate).fingerprint)
    await page.getByRole('button', { name: 'Export the case…' }).click()
    await see(
      page,
      `Signed with the key kept for this data folder: CN=Lagoon MFB fraud desk, whose certificate’s fingerprint (SHA-256) is ${fingerprint}.`,
      120_000,
    )
    const files = readdirSync(SAVE_DIR)
    expect(files).toHaveLength(2)
    saved = join(SAVE_DIR, files.find((name) => join(SAVE_DIR, name) !== unsigned) ?? '')
    expect(statSync(saved).mode & 0o777).toBe(0o600)
    const { stdout } = await execFileAsync('unzip', ['-tq', saved])
    expect(stdout).toMatch(/No errors detected/)
    const dir = join(WORK_DIR, 'signed')
    await execFileAsync('unzip', ['-q', saved, '-d', dir])
    const ca = join(WORK_DIR, 'ORG-CA.pem')
    writeFileSync(ca, certificatePem(key.certificate))
    expect(opensslVerify(dir, ca)).toMatchObject({ status: 0 })
    await expectAccessible(page)
  })

  it('verifies the zip chosen, then dropped', async () => {
    const { page } = session.desk
    const files = [saved.slice(SAVE_DIR.length + 1)]

    await page.getByLabel('choose a zip').setInputFiles(saved)
    await see(
      page,
      new RegExp(`^${files[0]?.replace(/\./g, '\\.')} is as it was made: all \\d+ files match`),
      60_000,
    )
    const fingerprint = await page.locator('.case-verify-result code').innerText()
    expect(await page.getByText(/^Saved as .+ Its fingerprint/).innerText()).toContain(fingerprint)

    // Dropped, as from a file manager: the same answer.
    const base64 = readFileSync(saved).toString('base64')
    // A DataTransfer holding the zip, made in the page (the tests' own types have no DOM).
    const dropped = await page.evaluateHandle(`(() => {
      const bytes = Uint8Array.from(atob('${base64}'), (c) => c.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], 'dropped.zip', { type: 'application/zip' }))
      return transfer
    })()`)
    await page.locator('.case-drop').dispatchEvent('drop', { dataTransfer: dropped })
    await see(page, /^dropped\.zip is as it was made/, 60_000)
    await expectAccessible(page)
  })

  it('finds out a copy with a file changed', async () => {
    const { page } = session.desk
    const dir = join(WORK_DIR, 'unzipped')
    await execFileAsync('unzip', ['-q', saved, '-d', dir])
    const { stdout: names } = await execFileAsync('unzip', ['-Z1', saved])
    const target = names
      .split('\n')
      .find((name) => name.endsWith('.json') && !name.includes('certificate'))
    expect(target).toBeTruthy()
    writeFileSync(
      join(dir, target!),
      Buffer.concat([readFileSync(join(dir, target!)), Buffer.from(' ')]),
    )
    const changed = join(WORK_DIR, 'changed.zip')
    await execFileAsync('zip', ['-qr', changed, '.'], { cwd: dir })
    await page.getByLabel('choose a zip').setInputFiles(changed)
    await see(page, 'changed.zip is not as it was made: do not rely on it.', 60_000)
    await see(page, new RegExp(`^Changed since it was made: .*${target!.replace(/\./g, '\\.')}`))
    await expectAccessible(page)
    await page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Verify a case’s bundle' }) })
      .screenshot({ path: join(SHOTS, 'cases-verify-changed.png') })
  })

  it('in the dark theme axe finds nothing, and nothing is clipped at 900×650 or 1440×900', async () => {
    const { page } = session.desk
    await goTo(page, 'Settings')
    await page.getByLabel('Dark', { exact: true }).check()
    await openCases(page)
    await items(page).waitFor()
    await expectAccessible(page)
    for (const [width, height] of [
      [900, 650],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      expect(await overflowing(page), `${width}×${height}`).toEqual([])
      const nav = await page.getByRole('navigation', { name: 'Screens' }).boundingBox()
      expect((nav?.x ?? 0) + (nav?.width ?? 0)).toBeLessThanOrEqual(width)
      await page.screenshot({ path: join(SHOTS, `cases-dark-${width}.png`), fullPage: true })
    }
    // The list, and "Add to a case…" open on a report, in the dark at 900×650.
    await page.setViewportSize({ width: 900, height: 650 })
    await page.getByRole('button', { name: '← All cases' }).click()
    await page.getByRole('table', { name: 'Cases' }).waitFor()
    expect(await overflowing(page)).toEqual([])
    await expectAccessible(page)
    await openFirstSubmission(page)
    await page.getByRole('button', { name: /^Add to a case…/ }).click()
    await page.getByLabel('Case', { exact: true }).waitFor()
    expect(await overflowing(page)).toEqual([])
    await page.screenshot({ path: join(SHOTS, 'cases-add-dark-900.png') })
    await expectAccessible(page)
    await page.keyboard.press('Escape')
    await expect
      .poll(() =>
        page.getByRole('button', { name: /^Add to a case…/ }).getAttribute('aria-expanded'),
      )
      .toBe('false')
  })
})

import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { exportCaseFile } from '../../src/core/case-file/case-file'
import { CERTIFICATE_ODT } from '../../src/core/case-file/case-file-names'
import { odtText } from '../../src/core/case-file/odt-text'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'
import { reportOnRegistry } from './report-steps'

const execFileAsync = promisify(execFile)

/** The text of a case file's certificate (its ODT, as a person's word processor opens it). */
async function certificateText(zip: Buffer): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'casefile-settings-journey-')), 'case.zip')
  writeFileSync(path, zip)
  const { stdout } = await execFileAsync('unzip', ['-p', path, CERTIFICATE_ODT], {
    encoding: 'buffer',
    maxBuffer: 16 * 1024 * 1024,
  })
  return odtText(stdout)
}

/*
 * Settings in Chromium: registry addresses refused with a message that says how to fix them, the
 * API key set (never shown back, only its last four), removed after confirming, the connection
 * checked step by step, the officer a case file's certificate names set (refused in the core's
 * words, shown again on reopening, and named by the next case file's certificate), and the whole
 * screen usable from the keyboard. What main confirms in its
 * own native dialog (the first address, the key) the web harness answers yes, as a person would.
 */
describe('settings and the API key, in Chromium', { timeout: 60_000 }, () => {
  const session = useDesk()

  it('reaches Settings from the keyboard alone, with a visible focus', async () => {
    const { page } = session.desk
    const nav = page.getByRole('navigation', { name: 'Screens' })
    await nav.getByRole('button', { name: 'Report' }).focus()
    // Settings is the last of the screens: one Tab per screen after Report.
    const screens = await nav.getByRole('button').count()
    for (let i = 1; i < screens; i++) await page.keyboard.press('Tab')
    // Page-side expressions as text: this file is type-checked for Node, without DOM types.
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Settings')
    const outline = await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')
    expect(outline).not.toBe('none')
    await page.keyboard.press('Enter')
    await see(page, 'API key of the Sandbox profile')
  })

  it('refuses a registry address that is not https, saying what to write', async () => {
    const { page } = session.desk
    await page.getByLabel('Base URL').fill('http://registry.example.com')
    await page.getByLabel('Upload URL').fill('https://uploads.example.com')
    await page.getByRole('button', { name: 'Save addresses' }).click()
    await see(page, /Base URL: The address must start with https:\/\//)
    await page.getByLabel('Base URL').fill('https://registry.example.com')
    await page.getByRole('button', { name: 'Save addresses' }).click()
    await see(page, 'Saved.')
    await see(page, /Registry — https:\/\/registry\.example\.com/)
    // The first address was confirmed in main's native dialog, which the harness answers as a
    // person pressing "Use registry.example.com" would.
    expect(session.desk.harness.confirmations().map((dialog) => dialog.message)).toEqual([
      "Send the Registry profile's reports to registry.example.com (uploads to uploads.example.com)?",
    ])
  })

  it('sets the key without ever showing it back, then removes it after confirming', async () => {
    const { page } = session.desk
    await page.getByLabel('API key', { exact: true }).fill('sk_sandbox_PRIVATEPART_9F3K')
    await page.getByRole('button', { name: 'Save key' }).click()
    await see(page, 'Set, ending in 9F3K.')
    expect(await page.getByLabel('New key (replaces the stored one)').inputValue()).toBe('')
    expect(await page.content()).not.toContain('PRIVATEPART')
    await page.getByRole('button', { name: 'Remove key' }).click()
    await see(page, 'Remove the stored key?')
    await page
      .getByRole('group', { name: 'Remove the stored key?' })
      .getByRole('button', { name: 'Remove key' })
      .click()
    await see(page, 'Not set: the sandbox uses its demo key.')
    // Saving and removing the key were each confirmed in main (answered yes by the harness).
    expect(
      session.desk.harness
        .confirmations()
        .slice(-2)
        .map((dialog) => dialog.title),
    ).toEqual(['Use this API key', 'Remove the API key'])
  })

  it('checks the connection against the sandbox registry: each step listed with its status, the report copied', async () => {
    const { page } = session.desk
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    const check = page.getByRole('button', { name: 'Check connection' })
    // From the keyboard, as the rest of the screen.
    await check.focus()
    await page.keyboard.press('Enter')
    const checks = page.getByRole('list', { name: 'Connection checks' })
    await checks.waitFor()
    const items = await checks.getByRole('listitem').allTextContents()
    expect(items.map((item) => item.split(':')[0])).toEqual([
      'OK Registry',
      'OK Proxy',
      'OK Name',
      'Not checked Certificate',
      'OK Bank list',
      'OK API key',
      expect.stringMatching(/^(OK|Warning|Not checked) Clock$/),
      expect.stringMatching(/^(OK|Warning) Update feed$/),
    ])
    expect(items[1]).toContain('a registry on this computer is never sent through a proxy')
    expect(items[4]).toMatch(/answered with \d+ banks/)
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Copy report' }).click()
    await see(page, /The report is copied|select the report below/)
    const copied = (await page.evaluate(
      'navigator.clipboard.readText().catch(() => document.querySelector(".report-text")?.value ?? "")',
    )) as string
    expect(copied).toMatch(/^Casefile connection check, /)
    expect(copied).toContain('Bank list')
    await goTo(page, 'Report')
  })

  it('shows no proxy sign-in while nothing asks for one, and no certificate file until one is chosen', async () => {
    const { page } = session.desk
    await goTo(page, 'Settings')
    await see(page, 'No certificate file is set.')
    expect(await page.getByLabel('Proxy password').count()).toBe(0)
    await page.getByRole('button', { name: 'Choose certificate file…' }).click()
    // The harness's stand-in for main's dialog answers "closed": nothing changes.
    await see(page, 'No certificate file is set.')
    await expectAccessible(page)
    await goTo(page, 'Report')
  })

  it('sets the officer the certificate names, refuses a bad field in words, and the case file names them', async () => {
    const { page, harness } = session.desk
    await goTo(page, 'Settings')
    const panel = page.getByRole('region', { name: 'Case files' })
    await see(
      page,
      /No signing key is kept for this data folder\. To make one, run casefile signing-key create/,
    )
    await panel.getByLabel('Name of the officer').fill('Adaeze Okonkwo')
    await panel.getByLabel('Position held in the organization').fill('x'.repeat(201))
    await panel.getByLabel('Organization', { exact: true }).fill('Lagoon Microfinance Bank')
    await panel.getByRole('button', { name: 'Save the officer' }).click()
    // The core's words, beside the field, and nothing kept.
    await see(page, 'Position held in the organization: it is longer than 200 characters.')
    await expectAccessible(page)
    await panel.getByLabel('Position held in the organization').fill('Head of Fraud Investigations')
    await panel.getByRole('button', { name: 'Save the officer' }).click()
    await see(page, 'Saved: the next case file’s certificate names them.')
    await expectAccessible(page)

    // Shown again on reopening Settings.
    await goTo(page, 'Report')
    await goTo(page, 'Settings')
    const reopened = page.getByRole('region', { name: 'Case files' })
    await expect
      .poll(() => reopened.getByLabel('Name of the officer').inputValue())
      .toBe('Adaeze Okonkwo')
    expect(await reopened.getByLabel('Position held in the organization').inputValue()).toBe(
      'Head of Fraud Investigations',
    )
    expect(await reopened.getByLabel('Organization', { exact: true }).inputValue()).toBe(
      'Lagoon Microfinance Bank',
    )

    // A case file made now (by the core, as the window's export makes it) names them.
    const id = await reportOnRegistry(harness, {
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'signer.journey@example.com' }],
    })
    const file = await exportCaseFile(harness.core(), id)
    const text = await certificateText(file.bytes)
    for (const said of [
      'Adaeze Okonkwo',
      'Head of Fraud Investigations',
      'Lagoon Microfinance Bank',
    ])
      expect(text).toContain(said)
    await goTo(page, 'Report')
  })
})

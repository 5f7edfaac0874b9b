import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from './axe'
import { builtRenderer, goTo, openFirstSubmission, REASON, see, useDesk } from './desk'
import { fillReport, overflowing, reportOnRegistry } from './report-steps'

const WATCHED = 'checked.now@example.com'
const SAVE_DIR = join(mkdtempSync(join(tmpdir(), 'casefile-saves-')), 'saved')

/** The harness's own bar (never part of the app) and its registry switch. */
const bar = (page: Page) =>
  page.getByRole('complementary', { name: 'Web harness (not part of Casefile)' })
const registrySwitch = (page: Page) => bar(page).getByRole('switch', { name: 'Registry online' })

/** Flips the bar's switch and waits until the harness says the registry is as asked. */
async function registryOnline(page: Page, online: boolean): Promise<void> {
  const toggle = registrySwitch(page)
  if ((await toggle.isChecked()) !== online) await toggle.click()
  await bar(page)
    .getByText(online ? 'The sandbox registry answers.' : /^Offline: the registry refuses/)
    .waitFor()
}

/**
 * The page's controls (buttons, fields, switches, links…) with no accessible name, as Chromium's
 * own accessibility tree computes it (what a screen reader is given), as "role: text".
 */
async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { ignored: boolean; role?: { value: string }; name?: { value: string } }[]
    }
    const controls = new Set([
      'button',
      'checkbox',
      'switch',
      'radio',
      'combobox',
      'textbox',
      'searchbox',
      'spinbutton',
      'slider',
      'link',
      'tab',
      'menuitem',
      'listbox',
    ])
    return nodes
      .filter((node) => !node.ignored && controls.has(node.role?.value ?? ''))
      .filter((node) => !(node.name?.value ?? '').trim())
      .map((node) => `${node.role?.value}: unnamed`)
  } finally {
    await cdp.detach()
  }
}

/** axe finds nothing, every control is named, and nothing is clipped or pushed out. */
async function clean(page: Page, where: string): Promise<void> {
  await expectAccessible(page)
  expect(await unnamedControls(page), where).toEqual([])
  expect(await overflowing(page), where).toEqual([])
}

/** The selects narrower than their longest choice: their text is cut where they stand. */
const cutSelects = (page: Page, selector: string) =>
  page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].filter((select) => {
    const copy = select.cloneNode(true)
    Object.assign(copy.style, { width: 'max-content', minWidth: '0', position: 'absolute', visibility: 'hidden' })
    document.body.appendChild(copy)
    const needed = copy.getBoundingClientRect().width
    copy.remove()
    const box = select.getBoundingClientRect()
    return box.width + 1 < needed || box.right > window.innerWidth || box.bottom > window.innerHeight
  }).map((select) => select.id)`) as Promise<string[]>

const execFileAsync = promisify(execFile)

/*
 * Issue 38, item 16 and its journey: the desk as `npm run dev:web` serves it, with the harness's
 * own bar below the app. Check now on a watchlist item's row finds a new report; a report queued
 * with the registry switched offline in the bar, then sent once it is back, leaves the Outbox
 * saying so and Insights counting it; Submissions' filters whole at 900×650; a case file exported
 * into the harness's save folder, owner-only and a real zip. Each screen at 900×650 and
 * 1440×900, light and dark: axe finds nothing and every control has a name.
 */
describe('the desk tried in a browser, with the harness bar', { timeout: 120_000 }, () => {
  /** What the harness said it saved (dev:web prints each). */
  const savedSaid: string[] = []
  const session = useDesk({
    bar: true,
    saveDir: SAVE_DIR,
    onSaved: (path) => savedSaid.push(path),
  })

  it('has the harness bar around the app, never in it, naming the save folder', async () => {
    const { page } = session.desk
    await page.setViewportSize({ width: 1440, height: 900 })
    await expect.poll(() => registrySwitch(page).isEnabled()).toBe(true)
    expect(await registrySwitch(page).isChecked()).toBe(true)
    await bar(page).getByText(`Saves go to ${SAVE_DIR}`).waitFor()
    expect(await page.locator('#root .harness-bar').count()).toBe(0)
    // The app's own build knows nothing of it.
    expect(readFileSync(join(await builtRenderer(), 'index.html'), 'utf8')).not.toContain(
      'harness-bar',
    )
  })

  it('Check now on an item’s row finds a new report at once', async () => {
    const { page, harness } = session.desk
    await goTo(page, 'Watchlist')
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Email' })
    await page.getByLabel('Value to watch').fill(WATCHED)
    await page.getByRole('button', { name: 'Watch', exact: true }).click()
    await see(page, new RegExp(`^Now watching ${WATCHED.replace(/\./g, '\\.')}`))
    const checkNow = page.getByRole('button', { name: `Check now (Email ${WATCHED})` })
    const note = page.getByTestId('watch-check-note')
    await checkNow.click()
    await expect
      .poll(() => note.innerText())
      .toBe(`Checked Email ${WATCHED} just now: nothing new since its last check.`)
    await reportOnRegistry(harness, {
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: WATCHED }],
    })
    await checkNow.click()
    await expect
      .poll(() => note.innerText())
      .toBe(`Checked Email ${WATCHED} just now: 1 new alert, listed under Alerts.`)
    await see(page, `A new report names Email ${WATCHED}.`)
    await clean(page, 'Watchlist after Check now')
  })

  it('queued with the registry offline (the bar’s switch), sent once it is back', async () => {
    const { page } = session.desk
    await registryOnline(page, false)
    await fillReport(page, { email: 'sent.from.here@example.com' })
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    await see(page, /^Queued\./)
    // The core tries it at once and fails: the Outbox's line says what waits, and why.
    await goTo(page, 'Outbox')
    const status = page.getByRole('main').getByRole('status').first()
    await expect
      .poll(() => status.innerText())
      .toMatch(
        /^Not everything was sent: 1 item waits to retry\. The last try: The registry cannot be reached/,
      )
    await clean(page, 'Outbox offline')

    // Back online, the core sends what waits by itself: the line no longer says it waits.
    await registryOnline(page, true)
    await see(page, '0 pending', 30_000)
    await expect.poll(() => status.innerText()).not.toMatch(/Not everything was sent|stay queued/)
    await see(page, /Create report: Money mule · sent\.from\.here@example\.com/)

    // Online, a report queued is sent at once, and the Outbox's line says so.
    await fillReport(page, { type: 'Hacker / account takeover', email: 'sent.online@example.com' })
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    await see(page, '0 pending', 30_000)
    await goTo(page, 'Outbox')
    await expect.poll(() => status.innerText()).toBe('Sync finished: 1 report sent.')
    await see(page, /Create report: Hacker \/ account takeover · sent\.online@example\.com/)
    await clean(page, 'Outbox after the send')

    // Insights counts it at once, Submissions never opened, and says what it is as of.
    await goTo(page, 'Insights')
    const asOf = page.getByTestId('insights-as-of')
    await expect
      .poll(() => asOf.innerText())
      .toMatch(/^The reports sent from this computer are counted \(the last .*\)\./)
    expect(await asOf.innerText()).not.toMatch(/have not been refreshed/)
    await clean(page, 'Insights after the send')
  })

  it('exports a case file into the save folder: owner-only, a real zip', async () => {
    const { page } = session.desk
    await openFirstSubmission(page)
    const exportIt = page.getByRole('button', { name: 'Export case file…' })
    await exportIt.click()
    await see(
      page,
      /^Case file saved as .+\.zip\. Unsigned: no signing key is kept for this data folder\./,
    )
    const saved = readdirSync(SAVE_DIR)
    expect(saved).toEqual([expect.stringMatching(/^case-.+\.zip$/)])
    await see(page, new RegExp(`^Case file saved as ${saved[0]?.replace(/\./g, '\\.')}\\. `))
    expect(savedSaid).toEqual([join(SAVE_DIR, saved[0] ?? '')])
    for (const name of saved) {
      const path = join(SAVE_DIR, name)
      expect(statSync(path).mode & 0o777, name).toBe(0o600)
      expect(readFileSync(path).subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'))
      const { stdout } = await execFileAsync('unzip', ['-tq', path])
      expect(stdout).toMatch(/No errors detected/)
    }
    expect(statSync(SAVE_DIR).mode & 0o777).toBe(0o700)
  })

  it('each screen at 900×650 and 1440×900, light and dark: axe 0, every control named, filters whole', async () => {
    const { page } = session.desk
    for (const theme of ['Light', 'Dark'] as const) {
      await goTo(page, 'Settings')
      await page.getByLabel(theme, { exact: true }).check()
      for (const [width, height] of [
        [900, 650],
        [1440, 900],
      ] as const) {
        const at = `${theme}, ${width}×${height}`
        await page.setViewportSize({ width, height })
        await openFirstSubmission(page)
        await page.getByRole('button', { name: 'Export case file…' }).waitFor()
        // The list's scroll box stays in its card, above the harness bar; each filter is whole.
        const [list, card] = (await page.evaluate(`(() => {
          const card = document.querySelector('.list-panel').getBoundingClientRect()
          const list = document.querySelector('.submissions-list').getBoundingClientRect()
          return [Math.round(list.bottom), Math.round(card.bottom)]
        })()`)) as number[]
        expect(list, at).toBeLessThanOrEqual(card ?? 0)
        expect(await cutSelects(page, '.list-panel .filters select'), at).toEqual([])
        await page.getByLabel('Listing').selectOption({ label: 'Listed and unlisted' })
        await clean(page, `Submissions, ${at}`)
        for (const screen of ['Watchlist', 'Outbox', 'Insights'] as const) {
          await goTo(page, screen)
          await page.getByRole('heading', { name: screen, level: 2, exact: true }).waitFor()
          await clean(page, `${screen}, ${at}`)
        }
      }
    }
  })
})

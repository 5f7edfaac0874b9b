import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { buildRenderer } from '../web-harness/build-renderer'
import { startHarness, type Harness, type HarnessOptions } from '../web-harness/harness-server'
import { launchChromium } from './browser'

// The desk without vitest, so scripts run by tsx (take-screenshots.ts) can open one too;
// desk.ts adds useDesk() for the journeys.

/**
 * One journey's desk: the built renderer in real Chromium, talking through the web harness to a
 * real core with the sandbox registry behind it, all on fresh temp data.
 */
export interface Desk {
  harness: Harness
  page: Page
  close: () => Promise<void>
}

let built: Promise<string> | null = null
/**
 * The built renderer the desks serve. Under vitest it is the one global setup built for the
 * whole run (test/support/build-once.global.ts; desk.ts hands it over with useBuiltRenderer);
 * a script run by tsx builds its own once (a few seconds), into a folder of its own.
 */
export function builtRenderer(): Promise<string> {
  built ??= buildRenderer(mkdtempSync(join(tmpdir(), 'casefile-renderer-')))
  return built
}

/** Serve the renderer already built in `dir` (by global setup) instead of building one. */
export function useBuiltRenderer(dir: string): void {
  built = Promise.resolve(dir)
}

export async function openDesk(
  browser: Browser,
  options: Omit<Partial<HarnessOptions>, 'rendererDir'> = {},
): Promise<Desk> {
  const harness = await startHarness({
    rendererDir: await builtRenderer(),
    timeoutMs: 3000,
    ...options,
  })
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(harness.url)
  await page.getByRole('navigation', { name: 'Screens' }).waitFor()
  return {
    harness,
    page,
    close: async () => {
      await context.close()
      await harness.stop()
      if (errors.length) throw new Error(`The page threw: ${errors.join('; ')}`)
    },
  }
}

export { launchChromium }

/** Waits until the text is on screen (the UI updates from pushed events, so no fixed sleeps). */
export async function see(page: Page, text: string | RegExp, timeout = 20_000): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout })
}

export async function goTo(page: Page, screen: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: screen })
    .click()
}

/** Opens Submissions and the first report of its list (the newest). */
export async function openFirstSubmission(page: Page): Promise<void> {
  await goTo(page, 'Submissions')
  await page.getByRole('list', { name: 'Submitted reports' }).getByRole('button').first().click()
}

/** Picks a bank in the bank picker by typing part of its name and choosing it from the list. */
export async function pickBank(page: Page, part: string, name: string, nth = 0): Promise<void> {
  const combo = page.getByRole('combobox', { name: 'Bank' }).nth(nth)
  await combo.fill(part)
  await page.getByRole('option', { name }).click()
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
export const REASON =
  'The account holder received stolen funds from several victims of a phishing campaign in March and moved them on within minutes.'

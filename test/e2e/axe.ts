import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

// axe-core's own bundle, evaluated in the page through the DevTools protocol: the page's CSP
// (scripts from 'self' only) does not apply to it, and nothing of it ships in the app.
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

const RUN = `axe.run(document, { resultTypes: ['violations'] }).then((result) =>
  result.violations.map((v) => v.id + ': ' + v.help + ' — ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`

/** The axe-core violations on the page as it is now (every rule axe runs by default). */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE)
  return (await page.evaluate(RUN)) as string[]
}

/** Fails with the list of violations, so the message says what to fix and where. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([])
}

import type { Page } from 'playwright-core'
import type { Core } from '../../src/core/open-core'
import type { DraftInput } from '../../src/core/drafts/draft'
import type { Harness } from '../web-harness/harness-server'
import { goTo, REASON } from './desk-page'
import * as Outbox from '../../src/core/outbox/outbox'
import * as Drafts from '../../src/core/drafts/drafts'

// Steps the second round's journeys share: a report on the registry made without the window,
// and the editor filled as a person would.

/**
 * Queues a report through the harness's own core (as the CLI would beside the app) and sends it
 * at once; resolves its registry id.
 */
export async function reportOnRegistry(harness: Harness, input: DraftInput): Promise<string> {
  const core: Core = harness.core()
  const queued = Outbox.submit(core, input)
  if (!queued.ok) throw new Error(queued.message)
  // The desk's core may send it first: whichever run does, the report gets its registry id.
  for (let tries = 0; tries < 200; tries++) {
    await core.engine.runOnce()
    const id = Drafts.findReport(core, queued.report.localId)?.registryId
    if (id) return id
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('The report was not sent.')
}

/** A new report in the editor: its type, reason and one email identifier. */
export async function fillReport(
  page: Page,
  report: { type?: string; reason?: string; email: string },
): Promise<void> {
  await goTo(page, 'Report')
  await page.getByLabel('Fraud type').selectOption({ label: report.type ?? 'Money mule' })
  await page.getByLabel('Reason').fill(report.reason ?? REASON)
  await page.getByRole('button', { name: 'Add identifier' }).click()
  await page.getByLabel('Identifier type').last().selectOption('email')
  await page.getByLabel('Email').last().fill(report.email)
}

/** Opens Submissions afresh (it reads the saved copy and refreshes it from the registry on entry). */
export async function openSubmissions(page: Page): Promise<void> {
  await goTo(page, 'Search')
  await goTo(page, 'Submissions')
}

/** Makes every item waiting to retry wait an hour, as after many failed tries. */
export async function pushRetriesAnHourAway(harness: Harness): Promise<void> {
  const core = harness.core()
  const inAnHour = Date.now() + 3_600_000
  for (let tries = 0; tries < 200; tries++) {
    core.db
      .prepare("UPDATE operations SET next_attempt_at = ? WHERE state = 'waiting_retry'")
      .run(inAnHour)
    const waiting = Outbox.outbox(core).operations.filter((op) => op.state === 'waiting_retry')
    if (waiting.length > 0 && waiting.every((op) => (op.nextAttemptAt ?? 0) >= inAnHour)) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('No item waits to retry.')
}

/** The status bar's count, e.g. "1 pending". */
export const pendingText = (page: Page) => page.getByTestId('pending-count').innerText()

/**
 * Elements of the page's main regions and controls whose content is wider than their box and
 * not meant to scroll (clipped or pushing out), as "selector: scrollWidth > clientWidth". The
 * page itself must not scroll sideways either.
 */
export async function overflowing(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => {
    const found = []
    const root = document.documentElement
    if (root.scrollWidth > root.clientWidth + 1)
      found.push('page: ' + root.scrollWidth + ' > ' + root.clientWidth)
    const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
      (el.textContent ? ' "' + el.textContent.trim().slice(0, 30) + '"' : '')
    const regions = document.querySelectorAll(
      'main, header, footer, nav, section, aside, .panel, form, fieldset, table, .virtual-list, .side-column, .editor-layout, .split, .stack')
    const controls = document.querySelectorAll('button, select, label, a, [role="listitem"], .badge, h2, h3, dd')
    for (const el of [...regions, ...controls]) {
      if (el.closest('.visually-hidden') || el.classList.contains('visually-hidden')) continue
      const style = getComputedStyle(el)
      if (style.display === 'none' || style.visibility === 'hidden') continue
      // Content meant to scroll, or cut with an ellipsis, says so in its style.
      const scrolls = ['auto', 'scroll'].includes(style.overflowX)
      if (scrolls) continue
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
        found.push(describe(el) + ': ' + el.scrollWidth + ' > ' + el.clientWidth)
      // A box that leaves the window on the right is cut off by it.
      const box = el.getBoundingClientRect()
      if (box.width > 0 && box.right > window.innerWidth + 1)
        found.push(describe(el) + ': ends at ' + Math.round(box.right) + ' > ' + window.innerWidth)
    }
    return found
  })()`)) as string[]
}

import type { Page } from 'playwright-core'

// Page-side scripts as source text (tsx's helpers do not exist in the page).

/** Every main-thread task over 50 ms from now on, kept in window.__tasks. */
export const WATCH_TASKS = `(() => {
  window.__tasks = []
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__tasks.push(e.duration)))
    .observe({ type: 'longtask', buffered: false })
})()`

/** Each screen's first content: what a person waits for after the click. */
export const SCREENS = {
  Outbox: ['#outbox-h', 'tbody tr[data-state], .panel .empty'],
  Submissions: ['#subs-h', '.submissions-list .row-button, p.empty'],
  Insights: ['#insights-h', '[data-testid="insights-as-of"]'],
  // The list to screen, chosen (before any job); the job that runs, its progress (JOB_SHOWN).
  Screening: ['main h2', '[data-testid="screening-drop"]'],
  Search: ['#search-h', '#search-h'],
} as const
export type ScreenName = keyof typeof SCREENS

/** What Screening shows first while a job runs: that job's progress, asked of the core. */
export const JOB_SHOWN = '[data-testid="screening-outcome"]'

/**
 * Clicks a screen in the navigation and waits, frame by frame, for its first content (ms), or
 * for `content` instead of the screen's usual one; -1 when it is not shown within 30 s.
 */
export async function openScreen(
  page: Page,
  screen: ScreenName,
  content?: string,
): Promise<number> {
  const [heading, usual] = SCREENS[screen]
  return (await page.evaluate(`(async () => {
    const nav = [...document.querySelectorAll('nav button')].find((b) => b.textContent.trim().startsWith(${JSON.stringify(screen)}))
    const started = performance.now()
    nav.click()
    const [heading, content] = ${JSON.stringify([heading, content ?? usual])}
    while (!document.querySelector(heading) || !document.querySelector(content)) {
      // Not shown in 30 s (a job already ended is not opened by itself): not counted.
      if (performance.now() - started > 30000) return -1
      await new Promise((resolve) => requestAnimationFrame(resolve))
    }
    return performance.now() - started
  })()`)) as number
}

/**
 * A BVN searched from the Search screen, in the saved copy (offline) or at the registry. `page`:
 * from the click on Search to the first frame with its answer drawn, timed in the page as the
 * screens' openings are (what the person waits for); `driver`: the same, timed from this
 * process through the test driver (Chromium's DevTools protocol), whose own round trips slow
 * with a busy browser and are no part of the person's wait.
 */
export async function searchBvn(
  page: Page,
  value: string,
  offline: boolean,
): Promise<{ page: number; driver: number }> {
  await page.getByLabel('Identifier type').selectOption('bvn')
  await page.getByLabel('Value').fill(value)
  const box = page.getByLabel('Only the saved copy (offline)')
  if ((await box.isChecked()) !== offline) await box.click()
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).waitFor()
  const started = Date.now()
  const inPage = (await page.evaluate(`(async () => {
    const value = ${JSON.stringify(value)}
    const button = [...document.querySelectorAll('main button')].find((b) => b.textContent.trim() === 'Search')
    const shown = () => [...document.querySelectorAll('.answer .answer-for')].some((e) => e.textContent.includes(value))
    const started = performance.now()
    button.click()
    while (!shown()) {
      if (performance.now() - started > 120000) return -1
      await new Promise((resolve) => requestAnimationFrame(resolve))
    }
    return performance.now() - started
  })()`)) as number
  if (typeof inPage !== 'number' || inPage < 0)
    throw new Error(`No answer for ${value} within 120 s`)
  return { page: inPage, driver: Date.now() - started }
}

export const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

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
  // The job that runs (its progress, asked every second while shown), else the earlier ones.
  Screening: ['main h2', '[data-testid="screening-outcome"], .screening-jobs'],
  Search: ['#search-h', '#search-h'],
} as const
export type ScreenName = keyof typeof SCREENS

/** Clicks a screen in the navigation and waits, frame by frame, for its first content (ms). */
export async function openScreen(page: Page, screen: ScreenName): Promise<number> {
  return (await page.evaluate(`(async () => {
    const nav = [...document.querySelectorAll('nav button')].find((b) => b.textContent.trim().startsWith(${JSON.stringify(screen)}))
    const started = performance.now()
    nav.click()
    const [heading, content] = ${JSON.stringify(SCREENS[screen])}
    while (!document.querySelector(heading) || !document.querySelector(content))
      await new Promise((resolve) => requestAnimationFrame(resolve))
    return performance.now() - started
  })()`)) as number
}

/**
 * A BVN searched from the Search screen, in the saved copy (offline) or at the registry: from
 * the click on Search to its answer on screen (ms).
 */
export async function searchBvn(page: Page, value: string, offline: boolean): Promise<number> {
  await page.getByLabel('Identifier type').selectOption('bvn')
  await page.getByLabel('Value').fill(value)
  const box = page.getByLabel('Only the saved copy (offline)')
  if ((await box.isChecked()) !== offline) await box.click()
  const started = Date.now()
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
  await page.locator('.answer .answer-for').filter({ hasText: value }).waitFor({ timeout: 120_000 })
  return Date.now() - started
}

export const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}

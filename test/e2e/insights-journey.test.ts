import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible } from './axe'
import { goTo, see, useDesk } from './desk'
import { seededUserData } from './insights-seed'
import { overflowing } from './report-steps'

/** A figure's table, opened from the keyboard: its summary focused, then Enter. */
async function tableOf(page: Page, figure: string): Promise<string[][]> {
  const section = page.locator(`section[data-figure="${figure}"]`)
  const details = section.locator('details')
  if (!(await details.evaluate((el) => (el as unknown as { open: boolean }).open))) {
    await section.getByText('The figures as a table').focus()
    await page.keyboard.press('Enter')
  }
  await section.locator('table').waitFor()
  return section
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())),
    )
}

interface Drawn {
  labels: string[]
  series: { label: string; values: number[]; color: string }[]
}

/** What the figure's chart was given to draw, read back from the chart. */
async function chartOf(page: Page, figure: string): Promise<Drawn> {
  const canvas = page.locator(`section[data-figure="${figure}"] canvas[data-drawn]`)
  await canvas.waitFor()
  return JSON.parse((await canvas.getAttribute('data-chart')) ?? '{}') as Drawn
}

/** The chart's figures as the table's rows: label, then one figure per series. */
const asRows = (drawn: Drawn): string[][] =>
  drawn.labels.map((label, i) => [
    label,
    ...drawn.series.map((s) => (s.values[i] ?? 0).toLocaleString('en-US')),
  ])

const sums = (rows: string[][]): number[] =>
  rows.reduce<number[]>(
    (total, row) => row.slice(1).map((cell, i) => (total[i] ?? 0) + Number(cell)),
    [],
  )

const FIGURES = ['by-type', 'listing', 'by-month', 'by-bank', 'outbox']

describe('Insights on a computer with nothing saved yet, in Chromium', { timeout: 120_000 }, () => {
  const session = useDesk()

  it('says there is nothing yet and where to go', async () => {
    const { page } = session.desk
    await goTo(page, 'Insights')
    await see(page, 'No submissions saved on this computer yet — refresh Submissions.')
    await see(page, 'Submissions have not been refreshed from the registry on this computer.')
    // The outbox's days still show, all zero.
    expect(sums(await tableOf(page, 'outbox'))).toEqual([0, 0, 0, 0])
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Open Submissions' }).click()
    await page.getByRole('heading', { name: 'Submissions', level: 2 }).waitFor()
  })
})

describe(
  'Insights over saved submissions and the outbox, in Chromium',
  { timeout: 180_000 },
  () => {
    const session = useDesk({ userDataDir: seededUserData() })
    const cspViolations: string[] = []

    it('shows the right figures, each table the same as its chart, names of banks and never a slug', async () => {
      const { page } = session.desk
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text())
      })
      await goTo(page, 'Insights')
      await see(page, /As of the last refresh of Submissions, 3 hours ago/)
      await expect
        .poll(() => page.getByTestId('insights-totals').innerText())
        .toBe('6 reports · 5 listed · 1 unlisted')

      const expected: Record<string, string[][]> = {
        'by-type': [
          ['Money mule', '3'],
          ['Hacker / account takeover', '2'],
          ['Theft', '1'],
        ],
        listing: [
          ['Listed', '5'],
          ['Unlisted', '1'],
        ],
        'by-month': [
          ['Dec 2025', '2'],
          ['Jan 2026', '1'],
          ['Feb 2026', '0'],
          ['Mar 2026', '3'],
        ],
        'by-bank': [
          ['Access Bank', '2'],
          ['Guaranty Trust Bank', '1'],
          ['A bank not in the saved bank list', '1'],
          ['Account without its bank', '1'],
        ],
      }
      for (const [figure, rows] of Object.entries(expected)) {
        const table = await tableOf(page, figure)
        expect(table, figure).toEqual(rows)
        expect(asRows(await chartOf(page, figure)), figure).toEqual(table)
      }
      const outbox = await tableOf(page, 'outbox')
      expect(outbox).toHaveLength(30)
      expect(sums(outbox)).toEqual([3, 1, 1, 1])
      const drawn = await chartOf(page, 'outbox')
      expect(drawn.series.map((s) => s.label)).toEqual([
        'Sent',
        'Waiting',
        'Needs attention',
        'Discarded',
      ])
      expect(asRows(drawn)).toEqual(outbox)
      // Every chart is a picture with words for it.
      for (const figure of FIGURES) {
        const canvas = page.locator(`section[data-figure="${figure}"] canvas`)
        expect(await canvas.getAttribute('role')).toBe('img')
        expect(await canvas.getAttribute('aria-label')).toMatch(/^(Stacked )?[Bb]ar chart of /)
      }
      const text = await page.getByRole('main').innerText()
      expect(text).not.toMatch(/access-bank|gtbank|no-such-bank/)
      await expectAccessible(page)
      expect(cspViolations).toEqual([])
    })

    it('in the dark theme, the charts take its colours and axe finds nothing', async () => {
      const { page } = session.desk
      await goTo(page, 'Settings')
      await page.getByLabel('Dark', { exact: true }).check()
      await goTo(page, 'Insights')
      await expect
        .poll(async () => (await chartOf(page, 'by-type')).series[0]?.color)
        .toBe('#7db1ff')
      expect((await chartOf(page, 'outbox')).series.map((s) => s.color)).toEqual([
        '#7fd69a',
        '#7db1ff',
        '#ff958c',
        '#566173',
      ])
      for (const figure of FIGURES) await tableOf(page, figure)
      await expectAccessible(page)
      await goTo(page, 'Settings')
      await page.getByLabel('Light', { exact: true }).check()
      await goTo(page, 'Insights')
      await expect
        .poll(async () => (await chartOf(page, 'by-type')).series[0]?.color)
        .toBe('#1f5fbf')
    })

    it('at 900×650 and 1440×900, nothing is clipped, tables open or not', async () => {
      const { page } = session.desk
      for (const [width, height] of [
        [900, 650],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height })
        await goTo(page, 'Report')
        await goTo(page, 'Insights')
        await chartOf(page, 'outbox')
        expect(await overflowing(page), `${width}×${height}`).toEqual([])
        for (const figure of FIGURES) await tableOf(page, figure)
        expect(await overflowing(page), `${width}×${height}, tables open`).toEqual([])
        // The nav keeps every screen's button inside the window.
        const nav = await page.getByRole('navigation', { name: 'Screens' }).boundingBox()
        expect((nav?.x ?? 0) + (nav?.width ?? 0)).toBeLessThanOrEqual(width)
      }
      expect(cspViolations).toEqual([])
    })
  },
)

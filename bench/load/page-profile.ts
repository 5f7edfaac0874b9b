import type { Page } from 'playwright-core'

/**
 * The page's CPU profile through Chrome's DevTools protocol: where the window's time went, by
 * function (self time), for `--profile` in bench:outbox-ui and bench:load.
 */
export async function startPageProfile(page: Page): Promise<() => Promise<string[]>> {
  const session = await page.context().newCDPSession(page)
  await session.send('Profiler.enable')
  await session.send('Profiler.start')
  return async () => {
    const { profile } = await session.send('Profiler.stop')
    const self = new Map<string, number>()
    const deltas = profile.timeDeltas ?? []
    const byId = new Map(profile.nodes.map((node) => [node.id, node]))
    ;(profile.samples ?? []).forEach((id, i) => {
      const frame = byId.get(id)?.callFrame
      if (!frame) return
      const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}`
      self.set(name, (self.get(name) ?? 0) + (deltas[i] ?? 0) / 1000)
    })
    return [...self]
      .filter(([name]) => !name.startsWith('(idle)') && !name.startsWith('(program)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([name, ms]) => `${ms.toFixed(0).padStart(7)}  ${name}`)
  }
}

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What held the core's event loop each time it was late, from the CPU profile its process
 * wrote (`--cpu-prof`) and the probe's list of delays (when each ended, how long it was): the
 * samples in each delay's span, named by the project's innermost functions (src/…) that were on
 * the stack for most of it, and the functions that spent the most time themselves.
 */
interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface CpuProfile {
  startTime: number
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** [when the delay ended (monotonic µs), how long it was (ms)]. */
export type Delay = readonly [number, number]

/**
 * The core's profile once its process has written it whole: the core is stopped with the
 * harness, and Node writes a large profile for a while after (a read too soon ends mid-string).
 */
async function wholeProfile(dir: string, waitMs = 60_000): Promise<CpuProfile | null> {
  const until = Date.now() + waitMs
  for (;;) {
    // The core's main thread: thread 0 in the name (CPU.<date>.<time>.<pid>.<thread>.<n>);
    // its workers (the WAL checkpointer, drawings) write their own.
    const file = readdirSync(dir).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name))
    try {
      if (file) return JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile
    } catch {
      // Still being written.
    }
    if (Date.now() > until) return null
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

export async function lateTasks(
  dir: string,
  delays: readonly Delay[],
  shown = 12,
): Promise<string[]> {
  const profile = await wholeProfile(dir)
  if (!profile) return ['(the core wrote no whole CPU profile within a minute)']
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const times: number[] = []
  let time = profile.startTime
  for (const delta of profile.timeDeltas) times.push((time += delta))

  const name = (frame: ProfileNode['callFrame'], url: string) =>
    `${frame.functionName || '(anonymous)'} ${url}`
  return [...delays]
    .sort((a, b) => b[1] - a[1])
    .slice(0, shown)
    .map(([end, ms]) => {
      const from = end - ms * 1000
      const own = new Map<string, number>()
      const self = new Map<string, number>()
      let total = 0
      profile.samples.forEach((id, i) => {
        const at = times[i] ?? 0
        if (at < from || at > end) return
        const step = (profile.timeDeltas[i] ?? 0) / 1000
        total += step
        const leaf = byId.get(id)?.callFrame
        if (leaf) {
          const key = name(leaf, leaf.url.split('/').slice(-2).join('/'))
          self.set(key, (self.get(key) ?? 0) + step)
        }
        const seen = new Set<string>()
        for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
          const frame = byId.get(node)?.callFrame
          const src = frame?.url.indexOf('/src/') ?? -1
          if (!frame || src < 0) continue
          const key = name(frame, frame.url.slice(src + 1))
          if (seen.has(key)) continue
          seen.add(key)
          own.set(key, (own.get(key) ?? 0) + step)
        }
      })
      const holding = [...own]
        .filter(([, spent]) => spent >= 0.4 * total)
        .sort((a, b) => a[1] - b[1])
        .slice(0, 3)
        .map(([key, spent]) => `${key} (${spent.toFixed(0)})`)
      const selfTop = [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([key, spent]) => `${key} (${spent.toFixed(0)})`)
      return `${ms} ms late: ${holding.join(' < ') || '(none of ours)'}; self: ${selfTop.join(', ')}`
    })
}

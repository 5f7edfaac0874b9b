import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Where the core's long tasks went, from the CPU profile its process wrote (`--cpu-prof`): the
 * stretches of samples with no idle between them that ran longer than `overMs`, each named by
 * the project's own functions (src/…) that were on the stack longest in it. What makes the
 * event loop late is a long stretch, not a function's total time.
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

export function busyStretches(
  dir: string,
  overMs: number,
  /** Only stretches that began in this span of the monotonic clock (µs). */
  within: { from: number; to: number },
): string[] {
  // The core's main thread wrote the largest (its workers write their own).
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0]
  if (!file) return ['(the core wrote no CPU profile)']
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const idle = (id: number) => {
    const name = byId.get(id)?.callFrame.functionName ?? ''
    return name === '(idle)' || name === '(program)'
  }
  /** The project's frames on a sample's stack, innermost first, each once. */
  const ownFrames = (id: number): string[] => {
    const names: string[] = []
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame
      if (!frame) continue
      const src = frame.url.indexOf('/src/')
      if (src < 0) continue
      const name = `${frame.functionName || '(anonymous)'} ${frame.url.slice(src + 1)}:${frame.lineNumber + 1}`
      if (!names.includes(name)) names.push(name)
    }
    return names
  }
  const stretches: { ms: number; frames: Map<string, number> }[] = []
  let current: { ms: number; frames: Map<string, number> } | null = null
  let time = profile.startTime
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    if (time < within.from || time > within.to || idle(id)) {
      if (current && current.ms > overMs) stretches.push(current)
      current = null
      return
    }
    current ??= { ms: 0, frames: new Map() }
    current.ms += ms
    for (const name of ownFrames(id)) current.frames.set(name, (current.frames.get(name) ?? 0) + ms)
  })
  return stretches
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 12)
    .map((stretch) => {
      // The innermost of our frames that held most of the stretch, and the ones around them.
      const top = [...stretch.frames]
        .filter(([, ms]) => ms >= 0.4 * stretch.ms)
        .sort((a, b) => a[1] - b[1])
        .slice(0, 4)
        .map(([name, ms]) => `${name} (${ms.toFixed(0)} ms)`)
      return `${stretch.ms.toFixed(0)} ms: ${top.join(' < ') || '(no frame of ours)'}`
    })
}

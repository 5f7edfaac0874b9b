/*
 * How long each stage of a case's bundle took, for the bench (bench/case-bundle-bench.ts) and
 * anyone profiling an export: with CASEFILE_STAGE_TIMES=1 in the environment, the export prints
 * one line per stage to stderr when it ends (the `casefile` command's too). The stages overlap
 * (attachments are drawn in workers while the next report is fetched and case.pdf is written),
 * so a stage's time is the sum of its own pieces' times, and "waits" are what the core's own
 * work spent waiting for another stage. Without the variable nothing is kept or printed.
 */

const ON = process.env.CASEFILE_STAGE_TIMES === '1'
const times = new Map<string, { ms: number; count: number }>()

/** `ms` more for `stage` (one piece of it). */
export function addStageTime(stage: string, ms: number): void {
  if (!ON) return
  const t = times.get(stage) ?? { ms: 0, count: 0 }
  t.ms += ms
  t.count++
  times.set(stage, t)
}

/** `work` timed as a piece of `stage`. */
export async function timedStage<T>(stage: string, work: () => Promise<T>): Promise<T> {
  if (!ON) return work()
  const started = performance.now()
  try {
    return await work()
  } finally {
    addStageTime(stage, performance.now() - started)
  }
}

/** The stages so far, one line each, written to stderr and forgotten (with the variable set). */
export function printStageTimes(title: string): void {
  if (!ON) return
  const lines = [...times].map(
    ([stage, t]) =>
      `  ${stage.padEnd(44)} ${(t.ms / 1000).toFixed(2).padStart(7)} s${t.count > 1 ? ` (${t.count} pieces)` : ''}`,
  )
  times.clear()
  process.stderr.write(`${title}\n${lines.join('\n')}\n`)
}

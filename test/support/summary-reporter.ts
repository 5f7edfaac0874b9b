import type { Reporter, TestModule } from 'vitest/node'

/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, after vitest's own
 * summary, so a CI that reads closing lines (not vitest's format) sees what ran.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
      // A file that failed outside its tests (an import, a hook such as the open-database
      // check of close-databases.setup.ts) counts once, even if each of its tests passed.
      if (
        module.state() === 'failed' &&
        ![...module.children.allTests()].some((test) => test.result().state === 'failed')
      )
        counts.failed++
    }
    process.stdout.write(
      `\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    )
  }
}

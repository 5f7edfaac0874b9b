import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
    globalSetup: ['./test/support/build-once.global.ts'],
    setupFiles: ['./test/support/close-databases.setup.ts'],
    // Chosen by measurement (docs/architecture.md, "The test suite"). Vitest's default is one
    // worker fewer than the cores: on a two-core box (CI's) that is one file at a time, while
    // most files wait on child processes, sockets and Chromium. Two workers there took a mixed
    // subset from 286 s to 207 s, all passing; three, 142 s with a timing test failing. Larger
    // machines keep the default. Forks, isolated: threads were no faster (64 s against 70 s on
    // the unit subset) and would load the native SQLite module into worker threads; sharing a
    // worker between files (isolate: false) saved 27 s there but broke the renderer's tests,
    // whose stores are module singletons.
    pool: 'forks',
    isolate: true,
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
})

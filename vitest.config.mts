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
  },
})

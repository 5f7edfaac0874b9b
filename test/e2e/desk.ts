import { afterAll, beforeAll, inject } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchChromium, openDesk, useBuiltRenderer, type Desk } from './desk-page'

export * from './desk-page'

// The renderer global setup built for this run, from the sources as they are: no journey
// file builds its own.
useBuiltRenderer(inject('rendererDir'))

/**
 * Chromium and a desk (the harness with a sandbox registry behind it) for one test file:
 * opened before its tests, closed after. Read `session.desk` inside the tests.
 */
export function useDesk(options?: Parameters<typeof openDesk>[1]): { readonly desk: Desk } {
  const session = {} as { desk: Desk; browser: Browser }
  beforeAll(async () => {
    session.browser = await launchChromium()
    session.desk = await openDesk(session.browser, options)
  }, 120_000)
  afterAll(async () => {
    await session.desk?.close()
    await session.browser?.close()
  })
  return session
}

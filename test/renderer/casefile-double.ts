import { vi } from 'vitest'
import type { CasefileApi } from '../../src/shared/contracts'
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  subscriptionName,
} from '../../src/shared/contracts/channels'

type Answers = Partial<Record<keyof typeof INVOKE_CHANNELS, unknown>>

/**
 * A window.casefile for component tests: every call answers `{ ok: true, value }` with the value
 * given (or null), every subscription records its listener so a test can push an event.
 * The journeys in test/e2e run the real thing; this only isolates one component.
 */
export function installCasefileDouble(answers: Answers = {}) {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const api: Record<string, unknown> = {}
  for (const method of Object.keys(INVOKE_CHANNELS))
    api[method] = vi.fn(async () => {
      const answer = answers[method as keyof Answers]
      return typeof answer === 'function'
        ? (answer as () => unknown)()
        : { ok: true, value: answer ?? null }
    })
  for (const event of Object.keys(EVENT_CHANNELS)) {
    api[subscriptionName(event as keyof typeof EVENT_CHANNELS)] = (
      listener: (p: unknown) => void,
    ) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    }
  }
  window.casefile = api as unknown as CasefileApi
  return {
    api: api as unknown as { [M in keyof CasefileApi]: ReturnType<typeof vi.fn> },
    push: (event: keyof typeof EVENT_CHANNELS, payload: unknown) =>
      listeners.get(event)?.forEach((listener) => listener(payload)),
  }
}

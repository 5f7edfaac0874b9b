import { vi } from 'vitest'
import type { CaseView } from '../../src/shared/contracts/cases'

/** The Cases calls on the window.casefile double: each answers `{ ok: true, value }` with the value given, or a function's. */
const METHODS = [
  'caseList',
  'caseShow',
  'caseNew',
  'caseAdd',
  'caseNote',
  'saveCase',
  'caseFileVerify',
] as const
type Method = (typeof METHODS)[number]

export function installCasesDouble(answers: Partial<Record<Method, unknown>> = {}) {
  const api = window.casefile as unknown as Record<string, unknown>
  const calls = {} as Record<Method, ReturnType<typeof vi.fn>>
  for (const method of METHODS) {
    calls[method] = vi.fn(async (input: unknown) => {
      const answer = answers[method]
      const value =
        typeof answer === 'function' ? (answer as (i: unknown) => unknown)(input) : answer
      return { ok: true, value: value ?? null }
    })
    api[method] = calls[method]
  }
  return calls
}

export const CASE: CaseView = {
  id: 'case-0123456789',
  title: 'Mule ring, Lagos Island',
  createdAt: '2026-03-14T09:05:03.000Z',
  items: [],
  exports: [],
}

export const summary = (view: CaseView, lastExportAt: string | null = null) => ({
  id: view.id,
  title: view.title,
  createdAt: view.createdAt,
  items: view.items.length,
  lastExportAt,
})

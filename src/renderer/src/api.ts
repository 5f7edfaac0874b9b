import type { CasefileApi } from '../../shared/contracts'

/** window.casefile, the page's only way out (the preload in the app, the harness bridge in tests). */
export function api(): CasefileApi {
  return window.casefile
}

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong.'

import type { CasefileApi } from '../../shared/contract'
import type { IpcResult } from '../../shared/ipc-result'

/** window.casefile, the page's only way out (the preload in the app, the harness bridge in tests). */
export function api(): CasefileApi {
  return window.casefile
}

/** A call's value, or an Error carrying the message main gave (for stores that prefer throwing). */
export async function valueOf<T>(result: Promise<IpcResult<T>>): Promise<T> {
  const answer = await result
  if (answer.ok) return answer.value
  throw new CallError(answer.error.message, answer.error.issues ?? [])
}

export class CallError extends Error {
  constructor(
    message: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(message)
  }
}

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong.'

/** Whether this build of the contract has a channel (the bulk import channels may be missing). */
export function hasMethod(name: string): boolean {
  return typeof (window.casefile as unknown as Record<string, unknown>)[name] === 'function'
}

import type { z } from 'zod'
import { contract, type ContractHandlers, type ContractMethod } from '../../shared/contract'
import type { IpcResult } from '../../shared/ipc-result'
import { describeIssues, toFieldIssues } from '../../shared/validation-messages'

/** The parts of Electron's ipcMain and its invoke event that the wrapper uses (testable without Electron). */
export interface SenderFrameLike {
  url: string
  parent: unknown
}
export interface InvokeEventLike {
  senderFrame: SenderFrameLike | null
}
export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>,
  ): void
  removeHandler(channel: string): void
}

/** A sender is trusted only if it is a main frame (no parent) showing one of the app's own pages. */
export function isTrustedSender(
  frame: SenderFrameLike | null,
  appUrlPrefixes: readonly string[],
): boolean {
  if (!frame || frame.parent) return false
  return appUrlPrefixes.some((prefix) => frame.url.startsWith(prefix))
}

export interface RegisterOptions {
  appUrlPrefixes: readonly string[]
  /** Where handler failures are reported (never to the renderer beyond a message). */
  onHandlerError?: (method: ContractMethod, error: unknown) => void
}

/**
 * Registers every channel of the contract through one wrapper: checks the sender frame,
 * parses the payload with the channel's schema, and turns any failure into a typed
 * `{ ok: false, error }` so nothing is thrown across the bridge. Returns an unregister function.
 */
export function registerContract(
  ipcMain: IpcMainLike,
  handlers: ContractHandlers,
  options: RegisterOptions,
): () => void {
  const methods = Object.keys(contract) as ContractMethod[]
  for (const method of methods) {
    const spec = contract[method]
    const handler = handlers[method] as (input: unknown) => unknown
    ipcMain.handle(spec.channel, async (event, ...args): Promise<IpcResult<unknown>> => {
      if (!isTrustedSender(event.senderFrame, options.appUrlPrefixes)) {
        return {
          ok: false,
          error: {
            code: 'forbidden',
            message: `Refused ${spec.channel}: the request did not come from Casefile's own window.`,
          },
        }
      }
      if (args.length > 1) {
        return {
          ok: false,
          error: {
            code: 'bad_input',
            message: `${spec.channel} takes one argument; it was given ${args.length}.`,
          },
        }
      }
      const parsed = (spec.input as z.ZodType).safeParse(args[0])
      if (!parsed.success) {
        return {
          ok: false,
          error: {
            code: 'bad_input',
            message: describeIssues(parsed.error),
            issues: toFieldIssues(parsed.error),
          },
        }
      }
      try {
        const value = (spec.output as z.ZodType).parse(await handler(parsed.data))
        return { ok: true, value }
      } catch (error) {
        options.onHandlerError?.(method, error)
        const message =
          error instanceof Error && error.message ? error.message : 'The request failed.'
        return { ok: false, error: { code: 'failed', message } }
      }
    })
  }
  return () => methods.forEach((method) => ipcMain.removeHandler(contract[method].channel))
}

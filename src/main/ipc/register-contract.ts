import { contract, type ContractHandlers, type ContractMethod } from '../../shared/contracts'
import type { IpcResult } from '../../shared/ipc-result'
import { callContract } from '../../shared/call-contract'

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
 * Registers every channel of the contract through one wrapper: checks the sender frame, then
 * hands the call to callContract (parse, run, check the answer; failures become a typed
 * `{ ok: false, error }`) so nothing is thrown across the bridge. Returns an unregister function.
 */
export function registerContract(
  ipcMain: IpcMainLike,
  handlers: ContractHandlers,
  options: RegisterOptions,
): () => void {
  const methods = Object.keys(contract) as ContractMethod[]
  for (const method of methods) {
    const spec = contract[method]
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
      return callContract(method, args, handlers, options.onHandlerError)
    })
  }
  return () => methods.forEach((method) => ipcMain.removeHandler(contract[method].channel))
}

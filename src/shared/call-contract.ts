import type { z } from 'zod'
import { contract, type ContractHandlers, type ContractMethod } from './contracts'
import type { IpcResult } from './ipc-result'
import { describeIssues, toFieldIssues } from './validation-messages'

/**
 * One contract call, whatever carried it: checks the argument count, parses the payload with the
 * channel's schema, runs the handler and checks its answer against the output schema, turning any
 * failure into `{ ok: false, error }`. Electron's IPC (register-contract.ts) and the web test
 * harness's HTTP server both go through here, so the UI is tested against the same checks.
 */
export async function callContract(
  method: ContractMethod,
  args: readonly unknown[],
  handlers: ContractHandlers,
  onHandlerError?: (method: ContractMethod, error: unknown) => void,
): Promise<IpcResult<unknown>> {
  const spec = contract[method]
  return callSpec(
    spec,
    spec.channel,
    args,
    handlers[method] as (input: unknown) => unknown,
    onHandlerError && ((error) => onHandlerError(method, error)),
  )
}

/**
 * One call checked against the schemas given, whatever the contract: the window's (above), or
 * what main alone asks of the core process (contracts/work.ts, mainWorkContract). `name` names
 * it in a refusal.
 */
export async function callSpec(
  spec: { input: z.ZodType; output: z.ZodType },
  name: string,
  args: readonly unknown[],
  handler: (input: unknown) => unknown,
  onHandlerError?: (error: unknown) => void,
): Promise<IpcResult<unknown>> {
  if (args.length > 1) {
    return {
      ok: false,
      error: {
        code: 'bad_input',
        message: `${name} takes one argument; it was given ${args.length}.`,
      },
    }
  }
  const parsed = spec.input.safeParse(args[0])
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
    const value = spec.output.parse(await handler(parsed.data))
    return { ok: true, value }
  } catch (error) {
    onHandlerError?.(error)
    const message = error instanceof Error && error.message ? error.message : 'The request failed.'
    return { ok: false, error: { code: 'failed', message } }
  }
}

/** Whether a name is one of the contract's methods (for transports that receive it as text). */
export function isContractMethod(name: string): name is ContractMethod {
  return Object.hasOwn(contract, name)
}

import { z } from 'zod'
import { INVOKE_CHANNELS, type InvokeMethod } from './ipc-channels'
import type { IpcResult } from './ipc-result'

interface ChannelSpec {
  channel: string
  input: z.ZodType
  output: z.ZodType
}

/**
 * The IPC contract: one entry per renderer → main call, with the schemas main parses the
 * payload and the answer with. The preload API type and the main-side registration both
 * derive from this map; the handlers come with the features that need them.
 */
export const contract = {
  appInfo: {
    channel: INVOKE_CHANNELS.appInfo,
    input: z.undefined(),
    output: z.strictObject({
      name: z.string(),
      version: z.string(),
      platform: z.string(),
      versions: z.record(z.string(), z.string()),
    }),
  },
} satisfies { [M in InvokeMethod]: ChannelSpec & { channel: (typeof INVOKE_CHANNELS)[M] } }

export type Contract = typeof contract
export type ContractMethod = keyof Contract
export type ContractInput<M extends ContractMethod> = z.input<Contract[M]['input']>
export type ContractOutput<M extends ContractMethod> = z.output<Contract[M]['output']>

/** The function the renderer calls for one channel: no argument where the input is empty. */
type ApiFunction<M extends ContractMethod> =
  undefined extends ContractInput<M>
    ? (input?: ContractInput<M>) => Promise<IpcResult<ContractOutput<M>>>
    : (input: ContractInput<M>) => Promise<IpcResult<ContractOutput<M>>>

/** `window.casefile` as the preload exposes it. */
export type CasefileApi = { [M in ContractMethod]: ApiFunction<M> }

/** What main implements: the parsed input in, the output (checked against its schema) out. */
export type ContractHandlers = {
  [M in ContractMethod]: (
    input: z.output<Contract[M]['input']>,
  ) => Promise<ContractOutput<M>> | ContractOutput<M>
}

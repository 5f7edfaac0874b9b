import type { z } from 'zod'
import type {
  EVENT_CHANNELS,
  EventName,
  INVOKE_CHANNELS,
  InvokeMethod,
  SubscriptionName,
} from './channels'
import type { IpcResult } from '../ipc-result'
import { filesContract } from './files'
import { networkContract } from './network'
import { shellContract, shellEventContract } from './shell'
import { updateContract, updateEventContract } from './update'
import { workContract, workEventContract } from './work'

/*
 * Every feature's contract gathered: one file per feature in this folder holds its schemas and
 * its slice of the contract (drafts.ts, outbox.ts, search.ts…), and a second, zod-free one its
 * channel names (drafts-channels.ts…), which channels.ts gathers for the preload. work.ts
 * gathers the channels the core process serves; the rest are main's.
 */

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
  ...shellContract,
  ...workContract,
  ...updateContract,
  ...networkContract,
  ...filesContract,
} satisfies { [M in InvokeMethod]: ChannelSpec & { channel: (typeof INVOKE_CHANNELS)[M] } }

/** Every pushed event with the schema main checks its payload against before sending. */
export const eventContract = {
  ...shellEventContract,
  ...workEventContract,
  ...updateEventContract,
} satisfies {
  [E in EventName]: { channel: (typeof EVENT_CHANNELS)[E]; payload: z.ZodType }
}

export type Contract = typeof contract
export type ContractMethod = keyof Contract
export type ContractInput<M extends ContractMethod> = z.input<Contract[M]['input']>
export type ContractOutput<M extends ContractMethod> = z.output<Contract[M]['output']>
export type EventContract = typeof eventContract
export type EventPayload<E extends EventName> = z.output<EventContract[E]['payload']>

/** The function the renderer calls for one channel: no argument where the input is empty. */
type ApiFunction<M extends ContractMethod> =
  undefined extends ContractInput<M>
    ? (input?: ContractInput<M>) => Promise<IpcResult<ContractOutput<M>>>
    : (input: ContractInput<M>) => Promise<IpcResult<ContractOutput<M>>>

/** `window.casefile.onOnlineChanged(listener)` and the like: each returns its unsubscribe. */
export type CasefileSubscriptions = {
  [E in EventName as SubscriptionName<E>]: (
    listener: (payload: EventPayload<E>) => void,
  ) => () => void
}

/** `window.casefile` as the preload exposes it. */
export type CasefileApi = { [M in ContractMethod]: ApiFunction<M> } & CasefileSubscriptions

/** What main implements: the parsed input in, the output (checked against its schema) out. */
export type ContractHandlers = {
  [M in ContractMethod]: (
    input: z.output<Contract[M]['input']>,
  ) => Promise<ContractOutput<M>> | ContractOutput<M>
}

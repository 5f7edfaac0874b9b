import { z } from 'zod'
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  type EventName,
  type InvokeMethod,
  type SubscriptionName,
} from './ipc-channels'
import type { IpcResult } from './ipc-result'
import { filesContract } from './contract-files'
import { networkContract } from './contract-network'
import { updateContract, updateEventContract } from './contract-update'
import { workContract, workEventContract } from './contract-work'
import { profileIdSchema, registryConnectionSchema } from './registry-address'

// ---------------------------------------------------------------------------------------------
// Connection profiles and the API key, as the renderer sees them. The key itself never appears
// in any output schema: the renderer can set, replace and remove it, and learn only whether one
// is set and its last four characters.

export {
  PROFILE_IDS,
  profileIdSchema,
  registryConnectionSchema,
  registryUrlSchema,
  type ProfileId,
  type RegistryConnectionInput,
} from './registry-address'

/** What an API key may look like: visible ASCII (it is sent as an HTTP header value). */
export const apiKeySchema = z
  .string()
  .trim()
  .min(1, 'Paste the API key: the field is empty.')
  .max(
    512,
    'That is longer than an API key can be (512 characters): check that only the key was pasted.',
  )
  .regex(
    /^[\x21-\x7e]+$/,
    'An API key holds only letters, digits and symbols, without spaces or line breaks: check that only the key was pasted.',
  )

export const keyStatusSchema = z.strictObject({
  profileId: profileIdSchema,
  set: z.boolean(),
  /** The key's last four characters, so a person can tell which key is in use; null when unset or too short to show any. */
  last4: z.string().length(4).nullable(),
  /** keychain: the OS keychain holds it; memory: no keychain could be used, it lasts this session only. */
  storage: z.enum(['keychain', 'memory']),
  /** Why the key is kept in memory only, in words that say what to do; null with the keychain. */
  reason: z.string().nullable(),
})
export type KeyStatus = z.infer<typeof keyStatusSchema>

export const profileViewSchema = z.strictObject({
  id: profileIdSchema,
  name: z.string(),
  /** The registry's addresses; null for the sandbox (started by the app on a free port) or not yet set. */
  baseUrl: z.string().nullable(),
  uploadUrl: z.string().nullable(),
  /** Whether the profile has what it needs to connect (the sandbox always has). */
  ready: z.boolean(),
})
export const profilesViewSchema = z.strictObject({
  active: profileIdSchema,
  profiles: z.array(profileViewSchema),
})
export type ProfilesView = z.infer<typeof profilesViewSchema>

const profileInput = z.strictObject({ profileId: profileIdSchema })

// ---------------------------------------------------------------------------------------------
// Pushed events (main → renderer).

const count = z.number().int().min(0)

/** How a sync run ended: what it sent and what now needs a person. */
/** A run ended: `sent` counts reports (created, updated, unlisted or found already there), not uploads. */
export const syncRunSummarySchema = z.strictObject({ sent: count, needsAttention: count })
export type SyncRunSummary = z.infer<typeof syncRunSummarySchema>

/** The problems that keep a data folder shut (FolderKeyProblem in src/core/encryption/folder-key.ts). */
export const folderProblemSchema = z.enum(['missing', 'wrong', 'no-keychain', 'bad-key', 'damaged'])
export type FolderProblem = z.infer<typeof folderProblemSchema>

/**
 * The core's process as the window is told of it: stopped on its own and restarting, running
 * again, or given up on; or (folderProblem) not started because the data folder would not open.
 */
export const coreStatusSchema = z.strictObject({
  state: z.enum(['restarting', 'running', 'stopped']),
  message: z.string(),
  folderProblem: folderProblemSchema.optional(),
})
export type CoreStatus = z.infer<typeof coreStatusSchema>

export const outboxCountsSchema = z.strictObject({
  /** Operations not yet finished (an upload and its report's create are two). */
  pending: count,
  needsAttention: count,
  /** Reports with something still to send: what the window shows as "pending". */
  pendingReports: count.optional(),
})
export type OutboxCounts = z.infer<typeof outboxCountsSchema>

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
  keyStatus: { channel: INVOKE_CHANNELS.keyStatus, input: profileInput, output: keyStatusSchema },
  setKey: {
    channel: INVOKE_CHANNELS.setKey,
    input: z.strictObject({ profileId: profileIdSchema, key: apiKeySchema }),
    output: keyStatusSchema,
  },
  removeKey: { channel: INVOKE_CHANNELS.removeKey, input: profileInput, output: keyStatusSchema },
  profiles: { channel: INVOKE_CHANNELS.profiles, input: z.undefined(), output: profilesViewSchema },
  switchProfile: {
    channel: INVOKE_CHANNELS.switchProfile,
    input: profileInput,
    output: profilesViewSchema,
  },
  setRegistryConnection: {
    channel: INVOKE_CHANNELS.setRegistryConnection,
    input: registryConnectionSchema,
    output: profilesViewSchema,
  },
  /** Why the core is not running (restarting, given up on, or its data folder shut); null while it runs. */
  coreStatus: {
    channel: INVOKE_CHANNELS.coreStatus,
    input: z.undefined(),
    output: coreStatusSchema.nullable(),
  },
  /**
   * A lost folder key, found again: main asks for the key file in its own dialog (the window
   * never names a path), and the core keeps the key if it opens the folder. `imported` is false
   * when the person closed the dialog.
   */
  folderImportKey: {
    channel: INVOKE_CHANNELS.folderImportKey,
    input: z.strictObject({ passphrase: z.string().min(1).max(1024) }),
    output: z.strictObject({ imported: z.boolean() }),
  },
  /** A lost folder key, given up on: the folder is renamed (nothing deleted) and a new one starts. */
  folderSetAside: {
    channel: INVOKE_CHANNELS.folderSetAside,
    input: z.undefined(),
    output: z.strictObject({ setAsideAs: z.string() }),
  },
  ...workContract,
  ...updateContract,
  ...networkContract,
  ...filesContract,
} satisfies { [M in InvokeMethod]: ChannelSpec & { channel: (typeof INVOKE_CHANNELS)[M] } }

/** Every pushed event with the schema main checks its payload against before sending. */
export const eventContract = {
  onlineChanged: {
    channel: EVENT_CHANNELS.onlineChanged,
    payload: z.strictObject({
      online: z.boolean(),
      /** Present when an exchange with the registry said it (see reachabilityViewSchema). */
      state: z.enum(['unknown', 'online', 'unreachable']).optional(),
      reason: z.string().nullable().optional(),
      detail: z.string().nullable().optional(),
    }),
  },
  keyStateChanged: { channel: EVENT_CHANNELS.keyStateChanged, payload: keyStatusSchema },
  profileChanged: { channel: EVENT_CHANNELS.profileChanged, payload: profilesViewSchema },
  outboxChanged: { channel: EVENT_CHANNELS.outboxChanged, payload: outboxCountsSchema },
  syncFinished: { channel: EVENT_CHANNELS.syncFinished, payload: syncRunSummarySchema },
  coreStatus: { channel: EVENT_CHANNELS.coreStatus, payload: coreStatusSchema },
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

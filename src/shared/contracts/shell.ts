import { z } from 'zod'
import { networkRefusalSchema } from '../network-refusal'
import { profileIdSchema, registryConnectionSchema } from '../registry-address'
import { outboxCountsSchema, syncRunSummarySchema } from './outbox'
import { SHELL_EVENT_CHANNELS as E, SHELL_INVOKE_CHANNELS as C } from './shell-channels'

/*
 * The shell's own channels, served by main: the app's name and version, connection profiles and
 * the API key, the core's process as the window is told of it, and a data folder that would not
 * open. Its pushed events include the outbox's counts and a sync run's end, which main sends.
 */

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
} from '../registry-address'

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
// The core's process and its data folder.

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

export const shellContract = {
  appInfo: {
    channel: C.appInfo,
    input: z.undefined(),
    output: z.strictObject({
      name: z.string(),
      version: z.string(),
      platform: z.string(),
      versions: z.record(z.string(), z.string()),
    }),
  },
  keyStatus: { channel: C.keyStatus, input: profileInput, output: keyStatusSchema },
  setKey: {
    channel: C.setKey,
    input: z.strictObject({ profileId: profileIdSchema, key: apiKeySchema }),
    output: keyStatusSchema,
  },
  removeKey: { channel: C.removeKey, input: profileInput, output: keyStatusSchema },
  profiles: { channel: C.profiles, input: z.undefined(), output: profilesViewSchema },
  switchProfile: {
    channel: C.switchProfile,
    input: profileInput,
    output: profilesViewSchema,
  },
  setRegistryConnection: {
    channel: C.setRegistryConnection,
    input: registryConnectionSchema,
    output: profilesViewSchema,
  },
  /** Why the core is not running (restarting, given up on, or its data folder shut); null while it runs. */
  coreStatus: {
    channel: C.coreStatus,
    input: z.undefined(),
    output: coreStatusSchema.nullable(),
  },
  /**
   * A lost folder key, found again: main asks for the key file in its own dialog (the window
   * never names a path), and the core keeps the key if it opens the folder. `imported` is false
   * when the person closed the dialog.
   */
  folderImportKey: {
    channel: C.folderImportKey,
    input: z.strictObject({ passphrase: z.string().min(1).max(1024) }),
    output: z.strictObject({ imported: z.boolean() }),
  },
  /** A lost folder key, given up on: the folder is renamed (nothing deleted) and a new one starts. */
  folderSetAside: {
    channel: C.folderSetAside,
    input: z.undefined(),
    output: z.strictObject({ setAsideAs: z.string() }),
  },
} as const

export const shellEventContract = {
  onlineChanged: {
    channel: E.onlineChanged,
    payload: z.strictObject({
      online: z.boolean(),
      /** Present when an exchange with the registry said it (see reachabilityViewSchema). */
      state: z.enum(['unknown', 'online', 'unreachable']).optional(),
      reason: z.string().nullable().optional(),
      detail: z.string().nullable().optional(),
      refusal: networkRefusalSchema.optional(),
    }),
  },
  keyStateChanged: { channel: E.keyStateChanged, payload: keyStatusSchema },
  profileChanged: { channel: E.profileChanged, payload: profilesViewSchema },
  outboxChanged: { channel: E.outboxChanged, payload: outboxCountsSchema },
  syncFinished: { channel: E.syncFinished, payload: syncRunSummarySchema },
  coreStatus: { channel: E.coreStatus, payload: coreStatusSchema },
} as const

import { z } from 'zod'
import { folderProblemSchema, profileIdSchema } from './contracts/shell'

/**
 * The messages between the Electron main process (the router) and the core process (Casefile's
 * core and the Sandbox profile's registry; docs/architecture.md "The core in its own process").
 * Both ends parse every message with these envelopes; what a call carries (its input and its
 * answer) and what an event carries are parsed again, at both ends, with the contract's own
 * schemas (src/shared/contracts/), so the window's contract holds on both hops.
 */

const id = z.number().int().nonnegative()

const ipcResultSchema = z.union([
  z.strictObject({ ok: z.literal(true), value: z.unknown() }),
  z.strictObject({
    ok: z.literal(false),
    error: z.strictObject({
      code: z.enum(['bad_input', 'forbidden', 'failed']),
      message: z.string(),
      issues: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
    }),
  }),
])

/**
 * Done to the data folder before it is opened, when the person chose a way out of a lost key:
 * keep the key from an export (its text, read by main from the file the person picked in main's
 * own dialog) in the keychain, or set the folder aside under `target` (setAsideTarget).
 */
export const folderRecoverySchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('importKey'),
    exportText: z.string().max(64 * 1024),
    passphrase: z.string().min(1).max(1024),
  }),
  z.strictObject({ action: z.literal('setAside'), target: z.string().min(1) }),
])
export type FolderRecovery = z.infer<typeof folderRecoverySchema>

/**
 * The proxy for one URL, as main chose it from the computer's settings (ProxyChoice in
 * src/core/network/proxy-choice.ts). The credentials, when the keychain holds some for that
 * proxy, cross to the core process for its CONNECT and go no further.
 */
const proxySourceSchema = z.enum(['os', 'environment', 'loopback', 'none'])
export const proxyChoiceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('direct'),
    via: proxySourceSchema,
    note: z.string().optional(),
  }),
  z.strictObject({
    kind: z.literal('proxy'),
    via: proxySourceSchema,
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535),
    credentials: z.strictObject({ username: z.string(), password: z.string() }).optional(),
  }),
])

/** What a core is started with (the profile, minus the key, which the core asks main for). */
export const coreProfileSchema = z.strictObject({
  id: profileIdSchema,
  dataDir: z.string().min(1),
  registry: z.strictObject({ baseUrl: z.string(), uploadUrl: z.string() }).nullable(),
  sandboxRegistryDir: z.string().min(1).nullable(),
  /**
   * The core asks main for the proxy of each URL (proxyWanted): main reads the computer's
   * settings through Chromium. Absent under plain Node (the web harness, the benches), where the
   * core reads HTTPS_PROXY and the like itself, as the CLI does.
   */
  proxyFromMain: z.boolean().optional(),
  /** The organization's extra CA file (PEM or DER), read by the core process at start. */
  caFile: z.string().min(1).optional(),
  /** The user confirmed (main's dialog) that work queued for another registry may go to this one. */
  acceptOriginChange: z.boolean().optional(),
  /** A way out of a lost folder key, taken before the folder is opened. */
  recover: folderRecoverySchema.optional(),
  /** Quicker retries and timeouts for the web harness's journeys; the core's defaults otherwise. */
  tuning: z
    .strictObject({
      retryPolicy: z
        .strictObject({
          baseMs: z.number().nonnegative(),
          capMs: z.number().nonnegative(),
          unknownOutcomeFloorMs: z.number().nonnegative(),
        })
        .optional(),
      timeoutMs: z.number().positive().optional(),
    })
    .optional(),
})
export type CoreProfile = z.infer<typeof coreProfileSchema>

/** Main to the core process. */
export const toCoreSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('start'), profile: coreProfileSchema }),
  z.strictObject({ type: z.literal('stop') }),
  z.strictObject({ type: z.literal('call'), id, method: z.string(), input: z.unknown() }),
  z.strictObject({ type: z.literal('keyChanged') }),
  z.strictObject({ type: z.literal('connectivityChanged'), online: z.boolean() }),
  z.strictObject({ type: z.literal('apiKey'), id, key: z.string().nullable() }),
  /** The proxy for the URL of a proxyWanted, or why it cannot be known (words for a person). */
  z.strictObject({
    type: z.literal('proxy'),
    id,
    answer: z.discriminatedUnion('ok', [
      z.strictObject({ ok: z.literal(true), choice: proxyChoiceSchema }),
      z.strictObject({ ok: z.literal(false), message: z.string() }),
    ]),
  }),
])
export type ToCore = z.infer<typeof toCoreSchema>

/** The core process to main. */
export const fromCoreSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('started') }),
  z.strictObject({
    type: z.literal('startFailed'),
    message: z.string(),
    /** Why the data folder would not open, when that is why. */
    folderProblem: folderProblemSchema.optional(),
    /** The way out asked for (the profile's `recover`) is what failed; the folder is as it was. */
    recoveryFailed: z.boolean().optional(),
  }),
  z.strictObject({ type: z.literal('stopped') }),
  z.strictObject({ type: z.literal('result'), id, result: ipcResultSchema }),
  z.strictObject({ type: z.literal('event'), event: z.string(), payload: z.unknown() }),
  z.strictObject({ type: z.literal('apiKeyWanted'), id }),
  /** Before each new connection, when the profile says proxyFromMain: which proxy for this URL? */
  z.strictObject({ type: z.literal('proxyWanted'), id, url: z.string().min(1).max(4096) }),
  /** A message the core process refused (it does not fit the envelopes above). */
  z.strictObject({ type: z.literal('refused'), message: z.string() }),
])
export type FromCore = z.infer<typeof fromCoreSchema>

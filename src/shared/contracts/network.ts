import { z } from 'zod'
import {
  CONNECTION_CHECK_INVOKE_CHANNELS as W,
  NETWORK_INVOKE_CHANNELS as C,
} from './network-channels'

// How Casefile reaches the registry from this computer, as the window sees it: the
// organization's extra CA file (main opens and checks it; the window never names a path) and a
// proxy's user name and password (kept in the keychain by main, never shown back).

const PROXY_ADDRESS =
  /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?):(\d{1,5})$/

/** `host:port`, IPv6 in brackets: how a proxy is named in messages and in the keychain. */
export const proxyAddressSchema = z
  .string()
  .trim()
  .regex(PROXY_ADDRESS, 'Write the proxy as its name and port, for example proxy.bank.local:8080.')
  .refine((address) => {
    const port = PROXY_ADDRESS.exec(address)?.[2]
    return port === undefined || (Number(port) >= 1 && Number(port) <= 65535)
  }, 'The proxy’s port is a number from 1 to 65535.')

/**
 * The proxy a message says wants a user name and password ("The proxy at proxy.bank.local:8080
 * asks for a user name and password…" or "…refused its user name and password"), or null.
 * The sync pause and the connection check name it so (src/core/network/network-failure.ts).
 */
export function proxyAskingForPassword(text: string): string | null {
  const found =
    /\bproxy at (\[[0-9A-Fa-f:.]+\]:\d+|[A-Za-z0-9.-]+:\d+) (?:asks for a|refused its) user name and password/.exec(
      text,
    )
  return found?.[1] ?? null
}

export const caFileViewSchema = z.strictObject({
  /** Where the file is on this computer (the person chose it in main's own dialog). */
  path: z.string(),
  /** Each certificate in it: who it names, who issued it, until when (ISO date), and if that is past. */
  certificates: z.array(
    z.strictObject({
      subject: z.string(),
      issuer: z.string(),
      validTo: z.string(),
      expired: z.boolean(),
    }),
  ),
  /** Why it cannot be used now (moved, unreadable, no certificate in it); null when it can. */
  problem: z.string().nullable(),
})
export type CaFileView = z.infer<typeof caFileViewSchema>

export const connectionSettingsSchema = z.strictObject({
  /** The Registry profile's extra CA file; null when none is set. */
  caFile: caFileViewSchema.nullable(),
})
export type ConnectionSettingsView = z.infer<typeof connectionSettingsSchema>

export const networkContract = {
  connectionSettings: {
    channel: C.connectionSettings,
    input: z.undefined(),
    output: connectionSettingsSchema,
  },
  /**
   * Main's own open dialog for the organization's CA file; the file is checked (it must hold a
   * certificate), kept in the settings, and the Registry profile's core restarted with it.
   * `chosen` is false when the dialog was closed.
   */
  chooseCaFile: {
    channel: C.chooseCaFile,
    input: z.undefined(),
    output: z.strictObject({ chosen: z.boolean(), settings: connectionSettingsSchema }),
  },
  clearCaFile: { channel: C.clearCaFile, input: z.undefined(), output: connectionSettingsSchema },
  /**
   * A proxy's user name and password, kept in the keychain for that proxy; sending paused for
   * them resumes. Nothing of them comes back.
   */
  setProxyCredentials: {
    channel: C.setProxyCredentials,
    input: z.strictObject({
      proxy: proxyAddressSchema,
      username: z
        .string()
        .trim()
        .min(1, 'Enter the user name the proxy asks for.')
        .max(256)
        .refine((name) => !name.includes(':'), 'A proxy user name cannot hold a colon (:).'),
      password: z.string().min(1, 'Enter the password.').max(1024),
    }),
    output: z.strictObject({
      proxy: z.string(),
      /** keychain, or memory when there is none (kept for this session only, with why). */
      storage: z.enum(['keychain', 'memory']),
      reason: z.string().nullable(),
    }),
  },
}

/**
 * Settings → Check connection (the same checks as `casefile doctor`): each step between this
 * computer and the registry, in words a person can copy to IT. Never the key.
 */
export const connectionReportSchema = z.strictObject({
  at: z.string(),
  checks: z.array(
    z.strictObject({
      id: z.enum(['registry', 'name', 'proxy', 'certificate', 'banks', 'key', 'clock', 'updates']),
      title: z.string(),
      status: z.enum(['ok', 'warning', 'failed', 'skipped']),
      summary: z.string(),
      /**
       * ca_file: the fix is the organization's certificate file; api_key: the organization's API
       * key. The summary names no control (the core's words serve every front); the window
       * names its own.
       */
      fix: z.enum(['ca_file', 'api_key']).optional(),
    }),
  ),
  /** No check failed (warnings allowed). */
  ok: z.boolean(),
  /** The whole report as text, for Copy report (the doctor's own wording). */
  text: z.string(),
})
export type ConnectionReportView = z.infer<typeof connectionReportSchema>

/** Settings → Check connection: a work channel, served by the core process (network:check). */
export const connectionCheckContract = {
  connectionCheck: {
    channel: W.connectionCheck,
    input: z.undefined(),
    output: connectionReportSchema,
  },
} as const

import { z } from 'zod'

// ---------------------------------------------------------------------------------------------
// THE ONE RULE for a registry address, used everywhere an address comes in: the window's
// Settings (through the IPC contract), settings.json, a data folder's connection.json and the
// CLI's `config set`, and the registry client itself. The API key travels in a header of
// every request, so an address that would carry it in clear text, or smuggle a second
// credential, is refused wherever it is typed or read.

/** "Sandbox" is the local sandbox registry the app starts itself; "Registry" is the real one. */
export const PROFILE_IDS = ['sandbox', 'registry'] as const
export const profileIdSchema = z.enum(PROFILE_IDS, {
  error: `The profile must be one of ${PROFILE_IDS.join(' or ')}.`,
})
export type ProfileId = z.infer<typeof profileIdSchema>

/** Whether a URL's hostname (as `new URL().hostname` spells it) names this computer. */
export function isLoopbackHostname(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host === '[::1]') return true
  // 127.0.0.0/8; the URL parser has already turned 127.1 and 0x7f.0.0.1 into dotted quads.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/** What is wrong with an address under the one rule, or null when it may be used. */
export function registryAddressProblem(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Write the address in full, like https://registry.example.com.'
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHostname(url.hostname)))
    return 'The address must start with https:// (http:// only for a registry on this computer, such as http://127.0.0.1:4010).'
  if (url.username || url.password)
    return 'Leave the user name and password out of the address: the API key is the only credential.'
  if (url.search || url.hash)
    return 'Leave the ? and # parts out of the address: give only the registry, like https://registry.example.com.'
  return null
}

/**
 * A registry address: https, or http only on this computer (a registry run locally); no user
 * name or password, no query or fragment. Trailing slashes are dropped, so `…/` and `…` are
 * the same registry.
 */
export const registryUrlSchema = z
  .string({ error: 'Give the address, like https://registry.example.com.' })
  .trim()
  .max(2048, 'That address is longer than 2048 characters: check that only the address was pasted.')
  .superRefine((value, ctx) => {
    const problem = registryAddressProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform((value) => value.replace(/\/+$/, ''))

/** The two addresses of a registry (registry-api.md: {base_url} and {upload_url}). */
export const registryConnectionSchema = z.strictObject({
  baseUrl: registryUrlSchema,
  uploadUrl: registryUrlSchema,
})
export type RegistryConnectionInput = z.input<typeof registryConnectionSchema>
export type RegistryAddresses = z.output<typeof registryConnectionSchema>

/** The path of an extra CA file, as written in settings.json or connection.json. */
export const caFilePathSchema = z
  .string()
  .trim()
  .min(1, 'Give the path of the certificate file.')
  .max(4096, 'That path is longer than 4096 characters.')

/** connection.json's format; a file with a higher one is a newer Casefile's, and refused. */
export const CONNECTION_FILE_VERSION = 1

/**
 * A data folder's connection.json (`casefile config set`): which profile, which registry. Keys
 * this version does not know are kept (a later Casefile's), and written back as they were.
 */
export const connectionFileSchema = z.looseObject({
  version: z.literal(CONNECTION_FILE_VERSION).default(CONNECTION_FILE_VERSION),
  profileId: profileIdSchema.default('registry'),
  baseUrl: registryUrlSchema,
  uploadUrl: registryUrlSchema,
  /** An organization's extra CA certificate file (PEM or DER), trusted beside the computer's. */
  caFile: caFilePathSchema.optional(),
})

/** `https://host[:port]` of an address (the default port left out), as the browser spells it. */
export function registryOrigin(address: string): string {
  return new URL(address).origin
}

/** The origins a registry's traffic goes to: the key only to the base, attachments to the upload. */
export interface RegistryOrigins {
  base: string
  upload: string
}

export function registryOrigins(connection: {
  baseUrl: string
  uploadUrl: string
}): RegistryOrigins {
  return { base: registryOrigin(connection.baseUrl), upload: registryOrigin(connection.uploadUrl) }
}

export function sameOrigins(a: RegistryOrigins, b: RegistryOrigins): boolean {
  return a.base === b.base && a.upload === b.upload
}

/** The origins in one line, for messages and the outbox's record: `base` or `base + upload`. */
export function describeOrigins(origins: RegistryOrigins): string {
  return origins.base === origins.upload ? origins.base : `${origins.base} + ${origins.upload}`
}

/**
 * The keychain account that holds the key of a profile's registry: `registry@https://host[:port]`.
 * A key is so bound to the origin it was given for: a changed address finds no key until the
 * user gives one. The app's own sandbox (no address: it runs on a new loopback port each
 * start) keeps the plain account `sandbox`.
 */
export function keyAccount(profileId: ProfileId, baseUrl: string | null): string {
  if (baseUrl === null) return profileId
  return `${profileId}@${registryOrigin(baseUrl)}`
}

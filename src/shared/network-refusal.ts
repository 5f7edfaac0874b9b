import { z } from 'zod'

/*
 * A network's refusal (a certificate, a proxy) as facts, and the sentence that says it with the
 * fixes in one front's words (RefusalFixes). Shared: the core says it with neutral fixes (the
 * exchange log), the CLI with its options (src/cli/network-words.ts), the window with its
 * Settings (renderer, components/network-refusal-words.ts), from the facts the contract carries
 * (networkRefusalSchema).
 */

/** `host:port` of a proxy, IPv6 in brackets: the name a person and the keychain know it by. */
export function proxyAddress(choice: { host: string; port: number }): string {
  const host = choice.host.includes(':') ? `[${choice.host}]` : choice.host
  return `${host}:${choice.port}`
}

/** What a person reads about the certificate a server showed. */
export interface CertificateFacts {
  subject: string
  issuer: string
  /** ISO dates. */
  validFrom: string
  validTo: string
  /** The names it is valid for (DNS names and IP addresses). */
  names: string[]
  selfSigned: boolean
}

export type CertificateProblem =
  'untrusted' | 'self_signed' | 'expired' | 'not_yet_valid' | 'wrong_name' | 'other'

interface ProxyRef {
  host: string
  port: number
}

/**
 * Why the network, not the registry, refused a request. Each one means the request was never
 * sent to the registry: nothing about a report can have happened, so nothing is left unknown.
 */
export type NetworkRefusal =
  | {
      type: 'certificate'
      problem: CertificateProblem
      /** OpenSSL's or Node's code, for the technical detail. */
      code: string
      host: string
      certificate?: CertificateFacts
      proxy?: ProxyRef
    }
  | { type: 'proxy_unreachable'; proxy: ProxyRef; code: string }
  | { type: 'proxy_auth'; proxy: ProxyRef; hadCredentials: boolean; schemes: string[] }
  | { type: 'proxy_refused'; proxy: ProxyRef; status: number; statusText: string }
  | { type: 'proxy_setting'; message: string }

/** "18 Mar 2021" style, unambiguous in any locale. */
function day(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })
}

/**
 * A refusal's fixes in one front's words: how a person has Casefile trust the organization's
 * certificate file (after "Ask IT for your organization's root certificate and"), and where they
 * give a proxy's user name and password (after "Give them" or "Set the right ones"). The core's
 * own (NEUTRAL_FIXES) name no command and no control; the CLI's name its options
 * (src/cli/network-words.ts), the window's its Settings (renderer, network-refusal-words.ts).
 */
export interface RefusalFixes {
  caFile: string
  proxyLogin: string
  /** A whole sentence: where the organization's API key is given. */
  apiKey: string
  /** Where the registry's address is seen and changed, after "Check the registry address". */
  registryAddress: string
}

/** The fixes in words that name no command, option or control. */
export const NEUTRAL_FIXES: RefusalFixes = {
  caFile: "set it as your organization's certificate in Casefile's connection settings",
  proxyLogin:
    'where Casefile takes them (the app asks for them in its settings; a command reads them from HTTPS_PROXY as http://user:password@host:port, with @ written %40)',
  apiKey:
    "Give the organization's API key where Casefile takes it: the app's settings, or CASEFILE_API_KEY for a command.",
  registryAddress: "in Casefile's connection settings",
}

/**
 * What the core said of a failed exchange, with its fix in one front's words: a refusal of the
 * network from its facts; a refused or missing API key (`unauthorized`), or a proxy that wants
 * its sign-in (`proxy_auth`), the core's neutral sentence with the front's way to give them.
 */
export function storedErrorSaid(
  said: { message: string; refusal?: NetworkRefusal | undefined; kind?: string | undefined },
  fixes: RefusalFixes = NEUTRAL_FIXES,
): string {
  if (said.refusal) return describeNetworkRefusal(said.refusal, fixes)
  if (said.kind === 'unauthorized') return `${said.message} ${fixes.apiKey}`
  if (said.kind === 'proxy_auth') return `${said.message} Give them ${fixes.proxyLogin}.`
  return said.message
}

/**
 * Whether the fix of a refusal is the organization's certificate file (a certificate this
 * computer does not trust): the code a front words with its own control for that file.
 */
export function needsCaFile(refusal: NetworkRefusal): boolean {
  return (
    refusal.type === 'certificate' &&
    (refusal.problem === 'untrusted' ||
      refusal.problem === 'self_signed' ||
      refusal.problem === 'other')
  )
}

/**
 * The refusal in words a person reads, with the fix named in `fixes`' words (neutral unless a
 * front gives its own): the exchange log and any front that does not word it keep the neutral.
 */
export function describeNetworkRefusal(
  refusal: NetworkRefusal,
  fixes: RefusalFixes = NEUTRAL_FIXES,
): string {
  const trustCaFile = fixes.caFile
  const askIt = `Ask IT for your organization's root certificate and ${trustCaFile}`
  switch (refusal.type) {
    case 'certificate': {
      const cert = refusal.certificate
      const who = `The registry's certificate (${refusal.host})`
      const through = refusal.proxy
        ? `, seen through the proxy ${proxyAddress(refusal.proxy)},`
        : ''
      const end = 'Nothing was sent.'
      switch (refusal.problem) {
        case 'untrusted':
          return `${who}${through} was issued by "${cert?.issuer ?? 'an unknown authority'}", which this computer does not trust. A bank's network that inspects secure connections re-signs them with its own root certificate. ${askIt}. ${end}`
        case 'self_signed':
          return `${who}${through} is self-signed ("${cert?.subject ?? refusal.host}"): no authority vouches for it, so Casefile does not trust it. If IT says this is your registry, ask them for that certificate and ${trustCaFile}. ${end}`
        case 'expired':
          return `${who}${through} expired on ${cert ? day(cert.validTo) : 'an earlier date'}. The registry's operator must renew it (or, if this computer's clock is wrong, set it right). ${end}`
        case 'not_yet_valid':
          return `${who}${through} is valid only from ${cert ? day(cert.validFrom) : 'a later date'}. Check this computer's date and time. ${end}`
        case 'wrong_name':
          return `${who}${through} is for ${cert?.names.length ? cert.names.join(', ') : 'other names'}, not for ${refusal.host}. Check the registry address ${fixes.registryAddress}; if it is right, the connection is being intercepted by something IT has not set up for Casefile. ${end}`
        case 'other':
          return `${who}${through} was refused (${refusal.code}). ${askIt}. ${end}`
      }
      break
    }
    case 'proxy_unreachable':
      return `The proxy at ${proxyAddress(refusal.proxy)} cannot be reached (${refusal.code}). Check the proxy address (this computer's proxy settings, or HTTPS_PROXY for the command line), or ask IT whether it has changed. Queued work is kept.`
    case 'proxy_auth':
      return refusal.hadCredentials
        ? `The proxy at ${proxyAddress(refusal.proxy)} refused its user name and password. Set the right ones ${fixes.proxyLogin}. Sending is paused until then; queued work is kept and goes out once they are fixed.`
        : `The proxy at ${proxyAddress(refusal.proxy)} asks for a user name and password${refusal.schemes.length ? ` (${refusal.schemes.join(', ')})` : ''}. Give them ${fixes.proxyLogin}. Sending is paused until then; queued work is kept.`
    case 'proxy_refused':
      return `The proxy at ${proxyAddress(refusal.proxy)} would not connect to the registry (HTTP ${refusal.status}${refusal.statusText ? ` ${refusal.statusText}` : ''}). Ask IT to allow the registry's address through the proxy. Nothing was sent.`
    case 'proxy_setting':
      return refusal.message
  }
}

const certificateFactsSchema = z.strictObject({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  names: z.array(z.string()),
  selfSigned: z.boolean(),
})
const proxyRefSchema = z.strictObject({ host: z.string(), port: z.number().int() })

/** A NetworkRefusal as the contract carries it to the window (validated at each hop). */
export const networkRefusalSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('certificate'),
    problem: z.enum([
      'untrusted',
      'self_signed',
      'expired',
      'not_yet_valid',
      'wrong_name',
      'other',
    ]),
    code: z.string(),
    host: z.string(),
    certificate: certificateFactsSchema.optional(),
    proxy: proxyRefSchema.optional(),
  }),
  z.strictObject({ type: z.literal('proxy_unreachable'), proxy: proxyRefSchema, code: z.string() }),
  z.strictObject({
    type: z.literal('proxy_auth'),
    proxy: proxyRefSchema,
    hadCredentials: z.boolean(),
    schemes: z.array(z.string()),
  }),
  z.strictObject({
    type: z.literal('proxy_refused'),
    proxy: proxyRefSchema,
    status: z.number().int(),
    statusText: z.string(),
  }),
  z.strictObject({ type: z.literal('proxy_setting'), message: z.string() }),
])

// The schema and the type are one shape: each is assignable to the other.
const _sameShape: [z.infer<typeof networkRefusalSchema>] extends [NetworkRefusal]
  ? [NetworkRefusal] extends [z.infer<typeof networkRefusalSchema>]
    ? true
    : false
  : false = true
void _sameShape

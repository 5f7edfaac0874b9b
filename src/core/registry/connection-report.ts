import { isRegistryError } from '../registry-error'
import {
  type RefusalFixes,
  type TrustStoreName,
  type TrustStores,
  describeNetworkRefusal,
  isNetworkRefusalError,
  needsCaFile,
  ProxySettingError,
  storedErrorSaid,
} from '../network/network'

/*
 * The connection check's report: what each step found, the words the steps say it in, and the
 * report as text to copy to IT. The steps themselves are in connection-check.ts.
 */

export type CheckStatus = 'ok' | 'warning' | 'failed' | 'skipped'

export interface ConnectionCheck {
  id: 'registry' | 'name' | 'proxy' | 'certificate' | 'banks' | 'key' | 'clock' | 'updates'
  title: string
  status: CheckStatus
  /** One or more sentences for a person (and for IT): never the key. */
  summary: string
  /**
   * A fix a front may name with its own control; the summary names none. ca_file: the
   * organization's certificate file (the registry's certificate is not trusted); api_key: the
   * organization's API key (none is set, or the registry refused it).
   */
  fix?: 'ca_file' | 'api_key'
}

export interface ConnectionReport {
  at: string
  checks: ConnectionCheck[]
  /**
   * No check failed (warnings allowed). Only what blocks work fails: the registry's address,
   * the proxy, its name, the certificate, the bank list, the key. The clock and the update feed
   * warn at worst: Casefile works with either wrong.
   */
  ok: boolean
}

/** Which store trusted the registry's certificate, in words: "trusted by …". */
export function trustedByWords(store: TrustStoreName | null, stores: TrustStores): string {
  switch (store) {
    case 'system':
      return "trusted by this computer's certificate store"
    case 'bundled':
      return "trusted by the public roots Casefile ships with (Mozilla's)"
    case 'environment':
      return `trusted through NODE_EXTRA_CA_CERTS (${stores.environmentPath ?? 'set for this process'})`
    case 'extra':
      return "trusted by the organization's CA file set in Casefile"
    default:
      return 'trusted by a certificate Casefile trusts'
  }
}

/** What could not be read of the stores, as sentences after the certificate line; '' for none. */
export function trustProblemWords(stores: TrustStores): string {
  const problems: string[] = []
  if (stores.systemProblem)
    problems.push(` (This computer's store could not be read: ${stores.systemProblem}.)`)
  if (stores.environmentProblem)
    problems.push(
      ` (NODE_EXTRA_CA_CERTS names ${stores.environmentPath}, and it adds no certificate: ${stores.environmentProblem.replace(/\.$/, '')}.)`,
    )
  return problems.join('')
}

/**
 * Why a step failed, in words a person can copy to IT; a network refusal's fix as `fixes` say it
 * (describeNetworkRefusal's: the front's words, neutral by default).
 */
export function errorWords(error: unknown, fixes?: RefusalFixes): string {
  if (isNetworkRefusalError(error)) return describeNetworkRefusal(error.refusal, fixes)
  if (error instanceof ProxySettingError) return error.message
  if (isRegistryError(error))
    return storedErrorSaid(
      { message: error.message, refusal: error.networkRefusal, kind: error.kind },
      fixes,
    )
  const code = (error as { code?: string } | null)?.code
  const words = code ? SYSTEM_WORDS[code] : undefined
  if (words) return words
  return error instanceof Error ? `${error.message.replace(/\.?$/, '.')}` : String(error)
}

/** The fix a front names with its own control, if a step failed for want of one. */
export function fixOf(error: unknown): Pick<ConnectionCheck, 'fix'> {
  const refusal = isNetworkRefusalError(error)
    ? error.refusal
    : isRegistryError(error)
      ? error.networkRefusal
      : undefined
  if (refusal) return needsCaFile(refusal) ? { fix: 'ca_file' } : {}
  return isRegistryError(error) && error.kind === 'unauthorized' ? { fix: 'api_key' } : {}
}

/** What the system's error codes mean, for a person (the code itself is for the log). */
const SYSTEM_WORDS: Record<string, string> = {
  ENOTFOUND: 'its name cannot be found (it does not resolve).',
  EAI_AGAIN: 'its name cannot be looked up right now (DNS did not answer).',
  ECONNREFUSED: 'nothing answers at its address.',
  ECONNRESET: 'the connection was cut before it answered.',
  ETIMEDOUT: 'it did not answer in time.',
  ENETUNREACH: 'this computer has no route to it.',
  EHOSTUNREACH: 'this computer has no route to it.',
}

/** A clock offset in words: "40 s", "12 min", "3 h 5 min". */
export function duration(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000)
  if (minutes < 1) return `${Math.round(Math.abs(ms) / 1000)} s`
  if (minutes < 120) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  return `${hours} h ${minutes % 60} min`
}

const MARK: Record<CheckStatus, string> = {
  ok: 'ok',
  warning: 'WARNING',
  failed: 'FAILED',
  skipped: '-',
}

/** The report as text to copy to IT. */
export function formatConnectionReport(report: ConnectionReport): string {
  const lines = [`Casefile connection check, ${report.at}`]
  for (const check of report.checks)
    lines.push(`${MARK[check.status].padEnd(8)} ${check.title.padEnd(12)} ${check.summary}`)
  const failed = report.checks.filter((c) => c.status === 'failed').length
  const feedWarns = report.checks.some((c) => c.id === 'updates' && c.status === 'warning')
  lines.push(
    failed > 0
      ? `${failed} check${failed === 1 ? '' : 's'} failed: see the lines marked FAILED.`
      : feedWarns
        ? 'Casefile can reach the registry from this computer, but not the site updates come from: it works, and will not update itself until IT lets that site through (see Update feed).'
        : 'All is well: Casefile can reach the registry from this computer.',
  )
  return lines.join('\n')
}

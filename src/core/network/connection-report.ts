import { isRegistryError } from '../registry/registry-error'
import type { TrustStoreName } from './certificate-trust'
import { describeNetworkRefusal, isNetworkRefusalError, ProxySettingError } from './network-failure'

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
}

export interface ConnectionReport {
  at: string
  checks: ConnectionCheck[]
  /** No check failed (warnings allowed). */
  ok: boolean
}

/** Which store trusted the registry's certificate, in words. */
export const STORE_WORDS: Record<TrustStoreName, string> = {
  system: "this computer's certificate store",
  bundled: "the public roots Casefile ships with (Mozilla's)",
  extra: "the organization's CA file set in Casefile",
}

/** Why a step failed, in words a person can copy to IT. */
export function errorWords(error: unknown): string {
  if (isNetworkRefusalError(error)) return describeNetworkRefusal(error.refusal)
  if (error instanceof ProxySettingError) return error.message
  if (isRegistryError(error)) return error.message
  const code = (error as { code?: string } | null)?.code
  const words = code ? SYSTEM_WORDS[code] : undefined
  if (words) return words
  return error instanceof Error ? `${error.message.replace(/\.?$/, '.')}` : String(error)
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
  lines.push(
    failed === 0
      ? 'All is well: Casefile can reach the registry from this computer.'
      : `${failed} check${failed === 1 ? '' : 's'} failed: see the lines marked FAILED.`,
  )
  return lines.join('\n')
}

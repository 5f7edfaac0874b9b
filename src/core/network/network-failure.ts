import {
  describeNetworkRefusal,
  type CertificateProblem,
  type NetworkRefusal,
} from '../../shared/network-refusal'

export {
  describeNetworkRefusal,
  needsCaFile,
  NEUTRAL_FIXES,
  storedErrorSaid,
  type CertificateFacts,
  type CertificateProblem,
  type NetworkRefusal,
  type RefusalFixes,
} from '../../shared/network-refusal'

/** A proxy setting that cannot be used (a socks:// address, a bad escape in a password). */
export class ProxySettingError extends Error {
  readonly code = 'CASEFILE_PROXY_SETTING'
  constructor(message: string) {
    super(message)
    this.name = 'ProxySettingError'
  }
}

/** Thrown by the registry's connection (registry-agent.ts) and read by classify-failure.ts. */
export class NetworkRefusalError extends Error {
  readonly code: string
  constructor(readonly refusal: NetworkRefusal) {
    super(describeNetworkRefusal(refusal))
    this.name = 'NetworkRefusalError'
    this.code = technicalCode(refusal)
  }
}

export function isNetworkRefusalError(error: unknown): error is NetworkRefusalError {
  return error instanceof NetworkRefusalError
}

function technicalCode(refusal: NetworkRefusal): string {
  switch (refusal.type) {
    case 'certificate':
      return refusal.code
    case 'proxy_unreachable':
      return refusal.code
    case 'proxy_auth':
      return 'PROXY_407'
    case 'proxy_refused':
      return `PROXY_${refusal.status}`
    case 'proxy_setting':
      return 'PROXY_SETTING'
  }
}

const CERTIFICATE_CODES: Record<string, CertificateProblem> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self_signed',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not_yet_valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrong_name',
  HOSTNAME_MISMATCH: 'wrong_name',
}

export function certificateProblemOf(code: string): CertificateProblem {
  return CERTIFICATE_CODES[code] ?? 'other'
}

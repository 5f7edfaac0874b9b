/*
 * What a case keeps of an answer besides its body (src/core/cases): its status, when it came and
 * the certificate the registry's connection showed, read from the request axios hands back.
 */

/** What else a case keeps of an answer: its status, and the certificate the registry showed. */
export interface AnswerSeen {
  status: number
  /** This computer's clock when the answer came (epoch ms). */
  receivedAt: number
  /** The SHA-256 of the registry's TLS certificate (hex); null over plain http. */
  certificateSha256: string | null
}

/** The leaf certificate of the answer's connection, when it was TLS (axios keeps the request). */
export function peerCertificateSha256(answer: { request?: unknown }): string | null {
  const socket = (answer.request as { socket?: unknown } | undefined)?.socket as
    { getPeerCertificate?: () => { fingerprint256?: unknown } | null } | null | undefined
  const hex = socket?.getPeerCertificate?.()?.fingerprint256
  return typeof hex === 'string' && hex ? hex.replace(/:/g, '').toLowerCase() : null
}

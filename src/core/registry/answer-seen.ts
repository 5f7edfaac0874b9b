import { SHOWN_CERTIFICATE } from '../network/network'

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

/**
 * The leaf certificate of the answer's connection, as the registry agent noted it when it
 * verified the connection (registry-agent.ts); null over plain http, which shows none.
 */
export function peerCertificateSha256(answer: { request?: unknown }): string | null {
  const socket = (answer.request as { socket?: unknown } | undefined)?.socket as
    { [SHOWN_CERTIFICATE]?: unknown } | null | undefined
  const hex = socket?.[SHOWN_CERTIFICATE]
  return typeof hex === 'string' && hex ? hex : null
}

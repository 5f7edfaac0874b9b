import { createHash, X509Certificate } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import {
  certificateFacts,
  signingCryptoKey,
  type CertificateFacts,
  type SigningKey,
} from './signing-key'

/*
 * A detached CMS (PKCS#7) signature, DER, over a file: SignedData with no content, the signer's
 * certificate, and signed attributes (content type, signing time, message digest) as RFC 5652
 * and `openssl cms -verify -binary -content FILE` expect. Checking one says in words which
 * thing failed: unreadable, not over this file, the signature itself, or not from the CA given.
 */

const OID = {
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  sha256: '2.16.840.1.101.3.4.2.1',
}

const arrayBuffer = (bytes: Uint8Array) => new Uint8Array(bytes).buffer

export async function signDetached(content: Buffer, key: SigningKey, at: Date): Promise<Buffer> {
  const certificate = pkijs.Certificate.fromBER(arrayBuffer(key.certificate))
  const digest = createHash('sha256').update(content).digest()
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: certificate.issuer,
          serialNumber: certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: OID.data })],
            }),
            new pkijs.Attribute({
              type: OID.signingTime,
              values: [new asn1js.UTCTime({ valueDate: at })],
            }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: arrayBuffer(digest) })],
            }),
          ],
        }),
      }),
    ],
    certificates: [certificate],
  })
  await signedData.sign(signingCryptoKey(key.privateKey), 0, 'SHA-256')
  const info = new pkijs.ContentInfo({
    contentType: pkijs.ContentInfo.SIGNED_DATA,
    content: signedData.toSchema(true),
  })
  return Buffer.from(info.toSchema().toBER(false))
}

export type SignatureProblem =
  'unreadable' | 'not-this-file' | 'bad-signature' | 'not-from-ca' | 'expired'

/**
 * A signature checked: `problem` the code (null when whole), `signer` the facts, `message` in words
 * that name no command or option, so a front may show it as it is or word it itself from the
 * code and facts (the CLI names --ca: src/cli/case-file-words.ts).
 */
export interface SignatureCheck {
  ok: boolean
  problem: SignatureProblem | null
  /** What was found, or what is wrong, in words. */
  message: string
  /** The certificate that signed, when it could be read. */
  signer: CertificateFacts | null
}

const fail = (problem: SignatureProblem, message: string, signer: CertificateFacts | null) => ({
  ok: false,
  problem,
  message,
  signer,
})

function messageDigestOf(signerInfo: pkijs.SignerInfo): Buffer | null {
  const attribute = signerInfo.signedAttrs?.attributes.find((a) => a.type === OID.messageDigest)
  const value = attribute?.values[0]
  return value instanceof asn1js.OctetString ? Buffer.from(value.valueBlock.valueHexView) : null
}

/**
 * Checks `signature` (a detached CMS SignedData, DER) over `content`; with `ca` (DER), that the
 * signer's certificate is that certificate or was issued and signed by it, and in its validity.
 */
export async function verifyDetached(
  signature: Buffer,
  content: Buffer,
  ca: Buffer | null,
  named: string,
): Promise<SignatureCheck> {
  let signedData: pkijs.SignedData
  let signerCertificate: Buffer
  try {
    const info = pkijs.ContentInfo.fromBER(arrayBuffer(signature))
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error('not signed data')
    signedData = new pkijs.SignedData({ schema: info.content })
    const signerInfo = signedData.signerInfos[0]
    const sid = signerInfo?.sid
    const found = (signedData.certificates ?? []).find(
      (c): c is pkijs.Certificate =>
        c instanceof pkijs.Certificate &&
        sid instanceof pkijs.IssuerAndSerialNumber &&
        c.issuer.isEqual(sid.issuer) &&
        c.serialNumber.isEqual(sid.serialNumber),
    )
    if (!found) throw new Error('no signer certificate')
    signerCertificate = Buffer.from(found.toSchema(true).toBER(false))
  } catch {
    return fail(
      'unreadable',
      `${named} cannot be read as a signature (or does not carry the certificate that made it).`,
      null,
    )
  }
  const signer = certificateFacts(signerCertificate)
  const stated = messageDigestOf(signedData.signerInfos[0]!)
  const actual = createHash('sha256').update(content).digest()
  if (!stated || !stated.equals(actual))
    return fail(
      'not-this-file',
      `${named} was not made over this SHA256SUMS: SHA256SUMS was changed after it was signed.`,
      signer,
    )
  let verified = false
  try {
    verified = await signedData.verify({
      signer: 0,
      data: arrayBuffer(content),
      checkChain: false,
    })
  } catch {
    verified = false
  }
  if (!verified)
    return fail(
      'bad-signature',
      `${named} does not hold a valid signature by its certificate: the signature or what it signs was changed.`,
      signer,
    )
  const signerX509 = new X509Certificate(signerCertificate)
  if (ca) {
    const caX509 = new X509Certificate(ca)
    const same = caX509.raw.equals(signerX509.raw)
    const issued = same || (signerX509.checkIssued(caX509) && signerX509.verify(caX509.publicKey))
    if (!issued)
      return fail(
        'not-from-ca',
        `The signature is by ${signer.subject}, whose certificate is not the organization's certificate given nor issued by it: this case file was not signed by that organization.`,
        signer,
      )
    const signedAt = signingTime(signedData.signerInfos[0]!) ?? new Date()
    if (signedAt < new Date(signerX509.validFrom) || signedAt > new Date(signerX509.validTo))
      return fail(
        'expired',
        `The signing certificate (${signer.subject}) was not valid when the case file was signed (${signedAt.toISOString()}); it is valid from ${signer.validFrom} to ${signer.validTo}.`,
        signer,
      )
  }
  return {
    ok: true,
    problem: null,
    message: ca
      ? `Signed by ${signer.subject}, with the organization's certificate given or one it issued.`
      : `Signed by ${signer.subject} (certificate fingerprint ${signer.fingerprint}); check it against the organization's certificate to know it is theirs.`,
    signer,
  }
}

function signingTime(signerInfo: pkijs.SignerInfo): Date | null {
  const attribute = signerInfo.signedAttrs?.attributes.find((a) => a.type === OID.signingTime)
  const value = attribute?.values[0]
  return value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime
    ? value.toDate()
    : null
}

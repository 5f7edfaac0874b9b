import {
  createHash,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  webcrypto,
  X509Certificate,
} from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'

/*
 * An organization's signing key: an X.509 certificate and its private key (PKCS#8), from a
 * PKCS#12 file its PKI issued, or made here self-signed for an organization without one. pkijs
 * does the ASN.1; every signature and key operation is node's own WebCrypto (OpenSSL).
 */

pkijs.setEngine(
  'node',
  new pkijs.CryptoEngine({
    name: 'node',
    crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
  }),
)

export interface SigningKey {
  /** The certificate, DER. */
  certificate: Buffer
  /** The private key, PKCS#8 DER. */
  privateKey: Buffer
}

/**
 * Where a front words the fix itself (the CLI names its command or option: src/cli/core-words.ts):
 * the data folder has no identity yet to name the key's keychain entry; a PKCS#12 file's password
 * does not open it.
 */
export type SigningKeyProblem = 'no_folder_identity' | 'pkcs12_password'

/**
 * Why a signing key cannot be used; the message says it in words and what to do, naming no
 * command, option or button. `problem` is set where a front words it itself.
 */
export class SigningKeyError extends Error {
  constructor(
    message: string,
    readonly problem?: SigningKeyProblem,
  ) {
    super(message)
    this.name = 'SigningKeyError'
  }
}

export interface CertificateFacts {
  /** "CN=…, O=…", as a person reads it. */
  subject: string
  /** SHA-256 of the certificate's DER, hex in lower case. */
  fingerprint: string
  validFrom: string
  validTo: string
}

export function certificateFacts(der: Buffer): CertificateFacts {
  const x509 = new X509Certificate(der)
  return {
    subject: x509.subject.split('\n').join(', '),
    fingerprint: createHash('sha256').update(der).digest('hex'),
    validFrom: new Date(x509.validFrom).toISOString(),
    validTo: new Date(x509.validTo).toISOString(),
  }
}

/** A fingerprint as openssl prints it: AB:CD:… */
export const colonHex = (hex: string) => hex.toUpperCase().replace(/(..)(?!$)/g, '$1:')

export function certificatePem(der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? []
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`
}

/** The DER of the first certificate in a PEM (or the bytes themselves when they are DER). */
export function certificateDer(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1')
  const match = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(text)
  const der = match ? Buffer.from(match[1]!.replace(/\s+/g, ''), 'base64') : bytes
  try {
    new X509Certificate(der)
  } catch {
    throw new SigningKeyError('The file is not a certificate (PEM or DER) that can be read.')
  }
  return der
}

/** The WebCrypto key for signing with SHA-256: RSA (PKCS#1 v1.5) or ECDSA on P-256/384/521. */
export function signingCryptoKey(pkcs8: Buffer): webcrypto.CryptoKey {
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
  if (key.asymmetricKeyType === 'rsa')
    return key.toCryptoKey({ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign'])
  if (key.asymmetricKeyType === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve
    const namedCurve = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' }[curve ?? '']
    if (namedCurve)
      return key.toCryptoKey({ name: 'ECDSA', namedCurve }, false, ['sign']) as webcrypto.CryptoKey
  }
  throw new SigningKeyError(
    'The signing key is of a kind Casefile cannot sign with: it needs an RSA key or an elliptic-curve key on P-256, P-384 or P-521.',
  )
}

/** A name of one attribute, the common name (pkijs would put several in one multi-valued RDN). */
const nameOf = (commonName: string) =>
  new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({
        type: '2.5.4.3',
        value: new asn1js.Utf8String({ value: commonName }),
      }),
    ],
  })

/**
 * A new self-signed certificate and RSA-3072 key, good for ten years: the organization's own
 * root, which recipients are given (its PEM) to check its case files against. Its key usage is
 * signing (digital signature, non-repudiation) and signing certificates, so the same key can
 * later sign an officer's certificate without changing what recipients hold.
 */
export async function createSelfSignedKey(options: {
  /** The certificate's common name: say whose it is, e.g. "Lagoon MFB — fraud case files". */
  name: string
  now: Date
}): Promise<SigningKey> {
  const subtle = webcrypto.subtle
  const pair = (await subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 3072,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  )) as webcrypto.CryptoKeyPair
  const certificate = new pkijs.Certificate()
  certificate.version = 2
  const serial = randomBytes(16)
  serial[0]! &= 0x7f
  certificate.serialNumber = new asn1js.Integer({ valueHex: serial })
  certificate.subject = nameOf(options.name)
  certificate.issuer = nameOf(options.name)
  certificate.notBefore.value = new Date(options.now.getTime() - 60_000)
  const until = new Date(options.now)
  until.setUTCFullYear(until.getUTCFullYear() + 10)
  certificate.notAfter.value = until
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0xc4]).buffer, unusedBits: 2 })
  certificate.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: true }).toSchema().toBER(false),
      parsedValue: new pkijs.BasicConstraints({ cA: true }),
    }),
    new pkijs.Extension({
      extnID: '2.5.29.15',
      critical: true,
      extnValue: keyUsage.toBER(false),
    }),
  ]
  await certificate.subjectPublicKeyInfo.importKey(pair.publicKey)
  await certificate.sign(pair.privateKey, 'SHA-256')
  return {
    certificate: Buffer.from(certificate.toSchema(true).toBER(false)),
    privateKey: Buffer.from(await subtle.exportKey('pkcs8', pair.privateKey)),
  }
}

/** The private key and the certificate that matches it, from a PKCS#12 file and its password. */
export async function readPkcs12(bytes: Buffer, password: string): Promise<SigningKey> {
  const pass = new TextEncoder().encode(password).buffer as ArrayBuffer
  let keys: Buffer[] = []
  const certificates: Buffer[] = []
  try {
    const pfx = pkijs.PFX.fromBER(new Uint8Array(bytes).buffer)
    await pfx.parseInternalValues({ password: pass, checkIntegrity: true })
    const safe = pfx.parsedValue?.authenticatedSafe
    if (!safe) throw new Error('no contents')
    await safe.parseInternalValues({
      safeContents: safe.safeContents.map(() => ({ password: pass })),
    })
    for (const contents of safe.parsedValue?.safeContents ?? [])
      for (const bag of contents.value.safeBags) {
        if (bag.bagValue instanceof pkijs.PKCS8ShroudedKeyBag) {
          await bag.bagValue.parseInternalValues({ password: pass })
          const info = bag.bagValue.parsedValue
          if (info) keys.push(Buffer.from(info.toSchema().toBER(false)))
        } else if (bag.bagValue instanceof pkijs.PrivateKeyInfo)
          keys.push(Buffer.from(bag.bagValue.toSchema().toBER(false)))
        else if (
          bag.bagValue instanceof pkijs.CertBag &&
          bag.bagValue.parsedValue instanceof pkijs.Certificate
        )
          certificates.push(Buffer.from(bag.bagValue.parsedValue.toSchema(true).toBER(false)))
      }
  } catch (error) {
    keys = []
    const why = (error as Error).message ?? ''
    if (/password|integrity|mac|decrypt|padding/i.test(why))
      throw new SigningKeyError(
        'The PKCS#12 file does not open with the password given: check the password.',
        'pkcs12_password',
      )
    throw new SigningKeyError(
      'The PKCS#12 file cannot be read: it is damaged, or protected in an old way Casefile does not read (RC2 or triple DES). Export it again with AES (openssl pkcs12 -export with OpenSSL 3 does so by default).',
    )
  }
  for (const privateKey of keys) {
    const publicDer = publicKeyDer(privateKey)
    const certificate = certificates.find((c) =>
      new X509Certificate(c).publicKey.export({ type: 'spki', format: 'der' }).equals(publicDer),
    )
    if (certificate) return { certificate, privateKey }
  }
  throw new SigningKeyError(
    keys.length === 0
      ? 'The PKCS#12 file holds no private key: it must hold the signing key and its certificate.'
      : 'The PKCS#12 file holds no certificate for its private key.',
  )
}

function publicKeyDer(pkcs8: Buffer): Buffer {
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
  return createPublicKey(key).export({ type: 'spki', format: 'der' })
}

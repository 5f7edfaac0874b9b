import { X509Certificate } from 'node:crypto'
import tls from 'node:tls'
import type { CertificateFacts } from './network-failure'
import { readRegularFile, RegularFileError } from '../regular-file'

/**
 * The certificates Casefile trusts for the registry: what Node itself trusts, and what IT set
 * for this one organization. Node's bundled roots (Mozilla's), the computer's own store
 * (Windows' certificate store, the macOS keychain, Linux's /etc/ssl: where IT installs a bank's
 * inspecting proxy's root), the certificates of NODE_EXTRA_CA_CERTS (the variable IT sets for
 * every Node tool on a managed machine; read by Node when the process starts), and an
 * organization's extra CA file if one is set. No way to turn the check off.
 */
export interface TrustStores {
  bundled: string[]
  system: string[]
  /** NODE_EXTRA_CA_CERTS's certificates, as this process's Node read them. */
  environment: string[]
  extra: string[]
  /** The file NODE_EXTRA_CA_CERTS names, when it is set. */
  environmentPath?: string
  /** Why the computer's store could not be read, if it could not. */
  systemProblem?: string
  /** Why NODE_EXTRA_CA_CERTS is set and still adds no certificate, if it does not. */
  environmentProblem?: string
}

export type TrustStoreName = 'bundled' | 'system' | 'environment' | 'extra'

const MAX_CA_FILE_BYTES = 1024 * 1024

type CaReader = (type: 'bundled' | 'system' | 'extra') => string[]
const getCaCertificates = () =>
  (tls as { getCACertificates?: (t: string) => string[] }).getCACertificates
const readStore: CaReader = (type) => {
  const get = getCaCertificates()
  if (!get) {
    if (type === 'bundled') return [...tls.rootCertificates]
    throw new Error(
      'this runtime cannot read the computer’s certificate store (Node 22.15 or later can)',
    )
  }
  return get(type)
}

let systemCache: { pems: string[]; problem?: string } | null = null

/** The computer's store, read once per process (a few hundred certificates). */
function systemCertificates(reader: CaReader): { pems: string[]; problem?: string } {
  if (systemCache && reader === readStore) return systemCache
  let found: { pems: string[]; problem?: string }
  try {
    found = { pems: reader('system') }
  } catch (error) {
    found = { pems: [], problem: error instanceof Error ? error.message : String(error) }
  }
  if (reader === readStore) systemCache = found
  return found
}

interface EnvironmentCa {
  pems: string[]
  path?: string
  problem?: string
}
let environmentCache: EnvironmentCa | null = null

/**
 * NODE_EXTRA_CA_CERTS's certificates: those Node read at start (`tls.getCACertificates('extra')`,
 * Node 22.15 and later). A runtime without that call (an older Node) would still have trusted
 * them, so the file is read here instead, with the CA file's own checks. The packaged app's
 * Electron ignores the variable (its nodeOptions fuse is off, which gates NODE_OPTIONS and
 * NODE_EXTRA_CA_CERTS together): it is not read behind the fuse's back, and the reason is given.
 */
export function environmentCertificates(
  env: Record<string, string | undefined> = process.env,
  reader: CaReader | null = getCaCertificates() ? readStore : null,
  electron = Boolean(process.versions['electron']),
): EnvironmentCa {
  const cacheable = env === process.env && reader === readStore
  if (cacheable && environmentCache) return environmentCache
  const path = env['NODE_EXTRA_CA_CERTS']?.trim() || undefined
  let found: EnvironmentCa = { pems: [] }
  if (path) {
    const ownRead = (): EnvironmentCa => {
      try {
        return { pems: readCaFile(path).pems, path }
      } catch (error) {
        return { pems: [], path, problem: error instanceof Error ? error.message : String(error) }
      }
    }
    let pems: string[] = []
    try {
      pems = reader ? reader('extra') : []
    } catch {
      pems = []
    }
    if (pems.length > 0) found = { pems, path }
    else if (!reader) found = ownRead()
    else if (electron)
      found = {
        pems: [],
        path,
        problem:
          // Words that name no control of one front (test/architecture/core-words.test.ts).
          "the Casefile app does not read NODE_EXTRA_CA_CERTS; set that file as your organization's certificate in Casefile's connection settings",
      }
    else {
      // Node read nothing from it: say why, in the CA file's words.
      const why = ownRead()
      found = {
        pems: [],
        path,
        problem: why.problem ?? 'Node read no certificate from it when Casefile started',
      }
    }
  }
  if (cacheable) environmentCache = found
  return found
}

export function loadTrustStores(
  options: { extraCaPems?: string[]; reader?: CaReader; environment?: EnvironmentCa } = {},
): TrustStores {
  const reader = options.reader ?? readStore
  const system = systemCertificates(reader)
  const environment = options.environment ?? environmentCertificates()
  return {
    bundled: reader('bundled'),
    system: system.pems,
    environment: environment.pems,
    extra: options.extraCaPems ?? [],
    environmentPath: environment.path,
    systemProblem: system.problem,
    environmentProblem: environment.problem,
  }
}

const contexts = new WeakMap<TrustStores, tls.SecureContext>()

/** One TLS context per set of stores: building it parses every certificate, so it is kept. */
export function secureContextOf(stores: TrustStores): tls.SecureContext {
  let context = contexts.get(stores)
  if (!context) {
    // The system store lists many roots twice (Linux's bundle file and its hashed folder).
    const ca = [
      ...new Set([...stores.bundled, ...stores.system, ...stores.environment, ...stores.extra]),
    ]
    context = tls.createSecureContext({ ca })
    contexts.set(stores, context)
  }
  return context
}

/**
 * A distinguished name as a person reads it: the common name, with the organization after it
 * ("Casefile Test Bank Root CA (Casefile Test Bank)"); the whole name where it has neither.
 */
export function nameOfDn(dn: string): string {
  const parts = dn.split('\n').filter(Boolean)
  const field = (key: string) =>
    parts.find((part) => part.startsWith(`${key}=`))?.slice(key.length + 1)
  const common = field('CN')
  const organization = field('O')
  if (common && organization && !common.includes(organization)) return `${common} (${organization})`
  return common ?? organization ?? parts.reverse().join(', ')
}

export function certificateFacts(cert: X509Certificate): CertificateFacts {
  const names = (cert.subjectAltName ?? '')
    .split(/,\s*/)
    .map((entry) => entry.replace(/^(DNS|IP Address):/, '').trim())
    .filter(Boolean)
  return {
    subject: nameOfDn(cert.subject),
    issuer: nameOfDn(cert.issuer),
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    names,
    selfSigned: cert.subject === cert.issuer && cert.verify(cert.publicKey),
  }
}

export class CaFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CaFileError'
  }
}

/**
 * Reads an organization's CA file: PEM (one or more certificates) or a single DER certificate
 * (.cer/.crt as Windows exports them). Checked to be a regular file before a byte is read (a
 * FIFO or a device would block or never end), and bounded.
 */
export function readCaFile(path: string): { pems: string[]; certificates: CertificateFacts[] } {
  let bytes: Buffer
  try {
    bytes = readRegularFile(path, { maxBytes: MAX_CA_FILE_BYTES })
  } catch (error) {
    if (!(error instanceof RegularFileError)) throw error
    throw new CaFileError(
      error.problem === 'missing'
        ? `The certificate file ${path} does not exist. Check the path.`
        : error.problem === 'not-a-file'
          ? `${path} is not a regular file. Choose the certificate file itself.`
          : error.problem === 'too-large'
            ? `${path} is too large for a certificate file (1 MiB at most). Choose the organization's root certificate.`
            : `The certificate file ${path} cannot be read (${error.code ?? 'error'}). Check its permissions.`,
    )
  }
  const text = bytes.toString('latin1')
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  const certs: X509Certificate[] = []
  try {
    if (blocks.length > 0) for (const block of blocks) certs.push(new X509Certificate(block))
    else if (bytes.length > 0 && bytes[0] === 0x30) certs.push(new X509Certificate(bytes))
  } catch {
    throw new CaFileError(
      `${path} holds a certificate that cannot be read. Ask IT for the root certificate again, in PEM (text beginning -----BEGIN CERTIFICATE-----) or DER form.`,
    )
  }
  if (certs.length === 0)
    throw new CaFileError(
      `${path} holds no certificate. Choose a PEM file (text beginning -----BEGIN CERTIFICATE-----) or a DER .cer file, as IT exported it.`,
    )
  return { pems: certs.map((cert) => cert.toString()), certificates: certs.map(certificateFacts) }
}

/**
 * Which store holds the certificate that vouches for this chain (leaf first): the doctor's
 * "trusted by" line, the most particular first (the file chosen in Casefile, then the
 * variable's, then the computer's). Null when none does.
 */
export function trustingStore(
  chain: X509Certificate[],
  stores: TrustStores,
): TrustStoreName | null {
  for (const name of ['extra', 'environment', 'system', 'bundled'] as const) {
    for (const pem of stores[name]) {
      let anchor: X509Certificate
      try {
        anchor = new X509Certificate(pem)
      } catch {
        continue
      }
      for (const cert of chain)
        if (
          cert.fingerprint256 === anchor.fingerprint256 ||
          (cert.checkIssued(anchor) && cert.verify(anchor.publicKey))
        )
          return name
    }
  }
  return null
}

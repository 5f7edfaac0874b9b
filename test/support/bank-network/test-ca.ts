import { execFile } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { BANK_INTRANET_NAME, BANK_REGISTRY_NAME, WRONG_NAME } from './bank-names'
import { bankTempDir } from './leftovers'
import { findProgram } from './programs'

const run = promisify(execFile)

export const TEST_CA_NAME = 'Casefile Test Bank Root CA'

/** The four kinds of server certificate a bank's network can present. */
export const CERT_KINDS = ['good', 'expired', 'wrongName', 'selfSigned'] as const
export type CertKind = (typeof CERT_KINDS)[number]

export interface CertPair {
  /** PEM certificate file (the leaf alone; all but selfSigned are signed by the root). */
  cert: string
  /** PEM private key file (EC P-256, unencrypted). */
  key: string
}

export interface TestCa {
  /** The temp folder that holds every file below. */
  dir: string
  /** The root CA's PEM certificate: what a user would add as an extra CA file. */
  caCert: string
  caKey: string
  /**
   * good: localhost, BANK_REGISTRY_NAME, BANK_INTRANET_NAME and 127.0.0.1, valid now. expired: the same names,
   * valid only in 2020. wrongName: valid now, only for WRONG_NAME. selfSigned: the names of
   * good, valid now, signed by its own key.
   */
  certs: Record<CertKind, CertPair>
  /** When the expired certificate stopped being valid. */
  expiredNotAfter: Date
  /** The same, as Node prints it (X509Certificate.validTo, getPeerCertificate().valid_to). */
  expiredValidTo: string
  /** The same day as people write it (en-GB, UTC): "1 January 2021". */
  expiredOn: string
  /** Deletes the folder (and forgets the cached copy when this is it). */
  remove(): void
}

// `openssl x509` in Debian 12's OpenSSL 3.0 cannot set a start date in the past; `openssl ca`
// can (-startdate/-enddate), so every certificate but the self-signed one goes through it.
// The root is valid 2019-2049 so that its own dates never explain a failure of a leaf.
const EXPIRED_START = '20200101000000Z'
const EXPIRED_END = '20210101000000Z'
const ROOT_START = '20190101000000Z'
const ROOT_END = '20491231000000Z'

function config(dir: string): string {
  const leaf = (san: string, issuedByRoot: boolean): string =>
    [
      'basicConstraints = critical, CA:FALSE',
      'keyUsage = critical, digitalSignature',
      'extendedKeyUsage = serverAuth',
      'subjectKeyIdentifier = hash',
      ...(issuedByRoot ? ['authorityKeyIdentifier = keyid'] : []),
      `subjectAltName = ${san}`,
    ].join('\n')
  const local = `DNS:localhost, DNS:${BANK_REGISTRY_NAME}, DNS:${BANK_INTRANET_NAME}, IP:127.0.0.1`
  // One CA section, so one index file, per signing: `openssl ca` rewrites its index, so
  // signings sharing one could not run side by side.
  const caSection = (name: string): string => `
[ ca_${name} ]
database = ${join(dir, `index-${name}.txt`)}
new_certs_dir = ${dir}
rand_serial = yes
default_md = sha256
policy = policy_any
unique_subject = no
email_in_dn = no
copy_extensions = none
`
  // Its own file, so no machine's openssl.cnf (Debian's adds CA:TRUE to `req -x509`) leaks in.
  return `
${SIGNED.map(caSection).join('')}

[ policy_any ]
organizationName = optional
commonName = supplied

[ req ]
distinguished_name = req_dn
prompt = no

[ req_dn ]
CN = unused

[ root ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash

[ leaf_local ]
${leaf(local, true)}

[ leaf_wrong_name ]
${leaf(`DNS:${WRONG_NAME}`, true)}

[ leaf_self_signed ]
${leaf(local, false)}
`
}

const SIGNED = ['ca', 'good', 'expired', 'wrong-name']

/** openssl's date format, a day ago, so a clock a little behind still finds the cert valid. */
function yesterday(): string {
  const iso = new Date(Date.now() - 24 * 3600_000).toISOString()
  return `${iso.replace(/[-:T]/g, '').slice(0, 14)}Z`
}

/** Makes a fresh root CA and the four server certificates in a new temp folder (~0.1 s). */
export async function makeTestCa(): Promise<TestCa> {
  const openssl = findProgram('openssl')
  const dir = bankTempDir('ca')
  try {
    const cnf = join(dir, 'openssl.cnf')
    writeFileSync(cnf, config(dir))
    for (const name of SIGNED) writeFileSync(join(dir, `index-${name}.txt`), '')
    const path = (name: string): string => join(dir, name)
    const openssl_ = async (args: string[]): Promise<void> => {
      try {
        await run(openssl, args, { cwd: dir })
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr ?? ''
        throw new Error(`openssl ${args.slice(0, 1).join(' ')} failed: ${stderr || String(error)}`)
      }
    }
    const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']
    const request = (name: string, subject: string): Promise<void> =>
      openssl_([
        'req',
        '-config',
        cnf,
        '-new',
        ...newKey,
        '-keyout',
        path(`${name}.key`),
        '-out',
        path(`${name}.csr`),
        '-subj',
        subject,
      ])
    const sign = (
      name: string,
      extensions: string,
      dates: string[],
      root: string[] = [],
    ): Promise<void> =>
      openssl_([
        'ca',
        '-config',
        cnf,
        '-name',
        `ca_${name}`,
        '-batch',
        '-notext',
        '-in',
        path(`${name}.csr`),
        '-out',
        path(`${name}.pem`),
        '-extensions',
        extensions,
        ...dates,
        ...(root.length ? root : ['-cert', path('ca.pem'), '-keyfile', path('ca.key')]),
      ])

    const rootReady = (async () => {
      await request('ca', `/O=Casefile Test Bank/CN=${TEST_CA_NAME}`)
      await sign(
        'ca',
        'root',
        ['-startdate', ROOT_START, '-enddate', ROOT_END],
        ['-selfsign', '-keyfile', path('ca.key')],
      )
    })()
    await Promise.all([
      rootReady,
      request('good', '/CN=localhost'),
      request('expired', '/CN=localhost'),
      request('wrong-name', `/CN=${WRONG_NAME}`),
      openssl_([
        'req',
        '-config',
        cnf,
        '-x509',
        '-new',
        ...newKey,
        '-keyout',
        path('self-signed.key'),
        '-out',
        path('self-signed.pem'),
        '-subj',
        '/O=Casefile Test Bank/CN=localhost',
        '-extensions',
        'leaf_self_signed',
        '-days',
        '365',
      ]),
    ])
    await Promise.all([
      sign('good', 'leaf_local', ['-startdate', yesterday(), '-days', '365']),
      sign('expired', 'leaf_local', ['-startdate', EXPIRED_START, '-enddate', EXPIRED_END]),
      sign('wrong-name', 'leaf_wrong_name', ['-startdate', yesterday(), '-days', '365']),
    ])

    const pair = (name: string): CertPair => ({
      cert: path(`${name}.pem`),
      key: path(`${name}.key`),
    })
    const ca: TestCa = {
      dir,
      caCert: path('ca.pem'),
      caKey: path('ca.key'),
      certs: {
        good: pair('good'),
        expired: pair('expired'),
        wrongName: pair('wrong-name'),
        selfSigned: pair('self-signed'),
      },
      expiredNotAfter: new Date('2021-01-01T00:00:00Z'),
      expiredValidTo: 'Jan  1 00:00:00 2021 GMT',
      expiredOn: '1 January 2021',
      remove() {
        rmSync(dir, { recursive: true, force: true })
        if (cached && cachedDir === dir) cached = undefined
      },
    }
    return ca
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

let cached: Promise<TestCa> | undefined
let cachedDir: string | undefined

/**
 * The test file's CA: made on the first call, the same files on every later call. Vitest
 * loads modules afresh for each test file, so each file gets its own. Call remove() in
 * afterAll (useBankNetwork does): vitest ends its workers without running 'exit' hooks, so
 * the one here only helps scripts run outside vitest.
 */
export function testCa(): Promise<TestCa> {
  if (!cached) {
    const made = makeTestCa()
    cached = made
    made.then(
      (ca) => {
        cachedDir = ca.dir
        process.once('exit', () => rmSync(ca.dir, { recursive: true, force: true }))
      },
      () => {
        if (cached === made) cached = undefined
      },
    )
  }
  return cached
}

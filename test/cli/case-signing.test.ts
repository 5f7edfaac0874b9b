import { execFileSync } from 'node:child_process'
import { opensslVerify } from '../support/openssl-cms'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../src/sandbox'
import { inspector, startTestSandbox } from '../support/core-with-sandbox'
import { pdfText } from '../core/case-file/case-file-support'
import { readExchangeLog } from '../../src/core/log/exchange-log'
import { DATABASE_FILE, openDatabase } from '../../src/core/store/open-database'
import { folderKeyOf, runCasefile, sandboxFolder, tempFolder } from './cli-harness'

/*
 * Signed case files as a bank and a recipient handle them: `signing-key create`, `case export
 * --sign`, then `openssl cms -verify` and `casefile case verify --ca --fingerprint` on the zip,
 * and the same after a byte is changed and SHA256SUMS made again.
 */

let sandbox: RunningSandbox
let env: Record<string, string>
let dataDir: string
let reportId: string
const run = (args: string[]) => runCasefile(args, env)

beforeAll(async () => {
  sandbox = await startTestSandbox()
  env = { CASEFILE_API_KEY: sandbox.demoKeys[0]!.key }
  dataDir = await sandboxFolder(run, sandbox)
  const client = inspector(sandbox, env.CASEFILE_API_KEY!)
  const report = await client.createReport({
    fraudType: 'hacker',
    fraudReason: 'Logged in from a new device and emptied the account within minutes.',
    identifiers: [{ label: 'email', value: 'victim@example.com' }],
    attachments: [],
    showUploaderInfo: false,
  })
  reportId = report.id
})
afterAll(() => sandbox.stop())

const unpack = (zip: string) => {
  const dir = tempFolder()
  execFileSync('unzip', ['-q', zip, '-d', dir])
  return dir
}

describe('signed case files', () => {
  let ca: string
  let signedZip: string
  let fingerprint: string

  it('signing-key create prints a fingerprint, writes the certificate, and keeps one key', async () => {
    ca = join(tempFolder(), 'ORG-CA.pem')
    const made = await run([
      'signing-key',
      'create',
      '--name',
      'Lagoon MFB fraud desk',
      '--out-cert',
      ca,
      '--data-dir',
      dataDir,
    ])
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    const printed = /Certificate fingerprint \(SHA-256\): ([0-9A-F:]{95})/.exec(made.stdout)?.[1]
    expect(printed).toBeDefined()
    // The fingerprint printed is the certificate's, as openssl computes it.
    const openssl = execFileSync(
      'openssl',
      ['x509', '-in', ca, '-noout', '-fingerprint', '-sha256'],
      {
        encoding: 'utf8',
      },
    )
    expect(openssl.trim()).toBe(`sha256 Fingerprint=${printed}`)
    expect(
      execFileSync('openssl', ['x509', '-in', ca, '-noout', '-subject'], { encoding: 'utf8' }),
    ).toMatch(/Lagoon MFB fraud desk/)
    const again = await run(['signing-key', 'create', '--data-dir', dataDir])
    expect(again.code).not.toBe(0)
    expect(again.stderr).toMatch(/already kept.*--replace/)
  }, 90_000)

  it('exports a signed case file that openssl cms -verify and case verify --ca accept', async () => {
    const set = await run([
      'config',
      'set',
      '--signer-name',
      'Ngozi Okafor',
      '--signer-position',
      'Head, Fraud Desk',
      '--organization',
      'Lagoon Microfinance Bank',
      '--data-dir',
      dataDir,
    ])
    expect(set.stderr).toBe('')
    expect(set.code).toBe(0)
    signedZip = join(tempFolder(), 'signed.zip')
    const exported = await run([
      'case',
      'export',
      reportId,
      '--out',
      signedZip,
      '--sign',
      'kept',
      '--data-dir',
      dataDir,
    ])
    expect(exported.stderr).toBe('')
    expect(exported.code).toBe(0)
    expect(exported.stdout).toMatch(/Signed: SHA256SUMS\.p7s, by CN=Lagoon MFB fraud desk/)
    const dir = unpack(signedZip)
    fingerprint = execFileSync('sha256sum', ['SHA256SUMS'], { cwd: dir, encoding: 'utf8' }).split(
      ' ',
    )[0]!
    expect(opensslVerify(dir, ca).status).toBe(0)
    expect(
      execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' }),
    ).not.toMatch(/FAILED/)

    const verified = await run([
      'case',
      'verify',
      signedZip,
      '--ca',
      ca,
      '--fingerprint',
      fingerprint,
    ])
    expect(verified.stdout).toMatch(
      /Signature: Signed by CN=Lagoon MFB fraud desk, with the certificate given with --ca/,
    )
    expect(verified.stdout).toMatch(/It is the fingerprint given with --fingerprint/)
    expect(verified.code).toBe(0)

    // The certificate: the 2023 amendment, the device, the fingerprint, the signer from config.
    const text = pdfText(join(dir, 'certificate-s84.pdf')).replace(/\s+/g, ' ')
    expect(text).toContain('Evidence Act 2011, as amended by the Evidence (Amendment) Act 2023')
    expect(text).toContain('document or electronic record')
    expect(text).toMatch(/Operating system and version \S+/)
    expect(text).toContain('Machine name')
    expect(text).toContain('Casefile data folder id')
    expect(text).toMatch(/Route to the registry Direct connection/)
    expect(text).toMatch(/Period of use of this data folder From its first exchange/)
    expect(text.replace(/ /g, '')).toContain(fingerprint)
    expect(text).toContain('Signing certificate (subject) CN=Lagoon MFB fraud desk')
    expect(text).toContain('Name of the officer Ngozi Okafor')
    expect(text).toContain('Position held in the organization Head, Fraud Desk')
    expect(text).toContain('Organization Lagoon Microfinance Bank')
    expect(text).toContain('TO BE REQUESTED FROM THE OPERATOR')
    expect(text).not.toContain('UNSIGNED')
  }, 90_000)

  it('a changed byte and SHA256SUMS made again fail openssl and case verify --ca', async () => {
    const dir = unpack(signedZip)
    const answer = readFileSync(join(dir, 'SHA256SUMS'), 'utf8').match(
      / {2}(registry-answer\S*)/,
    )![1]!
    const bytes = readFileSync(join(dir, answer))
    bytes[10] = bytes[10]! ^ 1
    writeFileSync(join(dir, answer), bytes)
    const sums = execFileSync(
      'sha256sum',
      readFileSync(join(dir, 'SHA256SUMS'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.slice(66)),
      {
        cwd: dir,
        encoding: 'utf8',
      },
    )
    writeFileSync(join(dir, 'SHA256SUMS'), sums)
    expect(
      execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' }),
    ).not.toMatch(/FAILED/)
    const openssl = opensslVerify(dir, ca)
    expect(openssl.status).not.toBe(0)
    expect(openssl.stderr).toMatch(/digest failure|verification failure/i)
    const tampered = join(tempFolder(), 'tampered.zip')
    execFileSync('zip', ['-q', '-r', tampered, '.'], { cwd: dir })
    const refused = await run(['case', 'verify', tampered, '--ca', ca])
    expect(refused.code).toBe(2)
    expect(refused.stdout).toContain(
      'SIGNATURE: SHA256SUMS.p7s was not made over this SHA256SUMS: SHA256SUMS was changed after it was signed.',
    )
    expect(refused.stdout).not.toMatch(/errno|ASN|asn1|E[A-Z]{3,}:/)
  }, 90_000)

  it('--fingerprint other than the bundle fails, and a different CA fails', async () => {
    const wrong = `${fingerprint.slice(0, 63)}${fingerprint.endsWith('0') ? '1' : '0'}`
    const mismatch = await run(['case', 'verify', signedZip, '--fingerprint', wrong])
    expect(mismatch.code).toBe(2)
    expect(mismatch.stdout).toContain(
      `FINGERPRINT: The fingerprint given (--fingerprint ${wrong}) is not this case file's (${fingerprint})`,
    )
    const other = join(tempFolder(), 'other.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        join(tempFolder(), 'k.pem'),
        '-out',
        other,
        '-subj',
        '/CN=Someone else',
        '-days',
        '30',
      ],
      { stdio: 'ignore' },
    )
    const foreign = await run(['case', 'verify', signedZip, '--ca', other])
    expect(foreign.code).toBe(2)
    expect(foreign.stdout).toMatch(
      /SIGNATURE: The signature is by CN=Lagoon MFB fraud desk, whose certificate is not the one given with --ca/,
    )
    expect(opensslVerify(unpack(signedZip), other).status).not.toBe(0)
  }, 90_000)

  it('signs with a PKCS#12 file and its password from the environment', async () => {
    const dir = tempFolder()
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'k.pem'),
        '-out',
        join(dir, 'c.pem'),
        '-subj',
        '/CN=Officer Bello/O=Lagoon MFB',
        '-days',
        '30',
      ],
      { stdio: 'ignore' },
    )
    execFileSync('openssl', [
      'pkcs12',
      '-export',
      '-inkey',
      join(dir, 'k.pem'),
      '-in',
      join(dir, 'c.pem'),
      '-out',
      join(dir, 'o.p12'),
      '-passout',
      'pass:correct horse',
    ])
    const zip = join(tempFolder(), 'p12.zip')
    const wrongPass = await runCasefile(
      [
        'case',
        'export',
        reportId,
        '--out',
        zip,
        '--sign',
        join(dir, 'o.p12'),
        '--sign-pass-env',
        'P12_PASS',
        '--data-dir',
        dataDir,
      ],
      { ...env, P12_PASS: 'wrong' },
    )
    expect(wrongPass.code).not.toBe(0)
    expect(wrongPass.stderr).toMatch(/does not open with the password given/)
    const exported = await runCasefile(
      [
        'case',
        'export',
        reportId,
        '--out',
        zip,
        '--sign',
        join(dir, 'o.p12'),
        '--sign-pass-env',
        'P12_PASS',
        '--data-dir',
        dataDir,
      ],
      { ...env, P12_PASS: 'correct horse' },
    )
    expect(exported.stderr).toBe('')
    expect(exported.code).toBe(0)
    expect(opensslVerify(unpack(zip), join(dir, 'c.pem')).status).toBe(0)
    expect((await run(['case', 'verify', zip, '--ca', join(dir, 'c.pem')])).code).toBe(0)
  }, 90_000)

  it('an unsigned export says so, in the CLI and on the certificate, and --ca refuses it', async () => {
    const zip = join(tempFolder(), 'unsigned.zip')
    const exported = await run(['case', 'export', reportId, '--out', zip, '--data-dir', dataDir])
    expect(exported.code).toBe(0)
    expect(exported.stdout).toMatch(/UNSIGNED: no SHA256SUMS\.p7s/)
    const text = pdfText(join(unpack(zip), 'certificate-s84.pdf')).replace(/\s+/g, ' ')
    expect(text).toContain('This case file is UNSIGNED')
    const plain = await run(['case', 'verify', zip, '--data-dir', dataDir])
    expect(plain.code).toBe(0)
    expect(plain.stdout).toMatch(/This case file is unsigned/)
    const withCa = await run(['case', 'verify', zip, '--ca', ca, '--data-dir', dataDir])
    expect(withCa.code).toBe(2)
    expect(withCa.stdout).toMatch(
      /SIGNATURE: This case file is unsigned .* cannot be checked against the certificate given with --ca/,
    )
  }, 90_000)

  it('writes every export and verification to the folder\u2019s log', async () => {
    const db = openDatabase(join(dataDir, DATABASE_FILE), await folderKeyOf(dataDir))
    try {
      const entries = readExchangeLog(db, { limit: 500 })
      const exports = entries.filter((e) => e.endpoint.startsWith('casefile case export'))
      const verifications = entries.filter((e) => e.endpoint.startsWith('casefile case verify'))
      expect(exports.length).toBeGreaterThanOrEqual(3)
      expect(
        exports.some((e) =>
          /fingerprint [0-9a-f]{64}; signed with the certificate/.test(e.message ?? ''),
        ),
      ).toBe(true)
      expect(exports.some((e) => /; unsigned$/.test(e.message ?? ''))).toBe(true)
      expect(verifications.some((e) => e.outcome === 'validation')).toBe(true)
      expect(verifications.some((e) => e.outcome === 'ok')).toBe(true)
    } finally {
      db.close()
    }
  }, 90_000)
})

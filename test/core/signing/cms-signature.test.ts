import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { signDetached, verifyDetached } from '../../../src/core/signing/cms-signature'
import {
  certificateDer,
  createSelfSignedKey,
  readPkcs12,
  type SigningKey,
} from '../../../src/core/signing/signing-key'

/*
 * Detached CMS signatures over SHA256SUMS, checked by Casefile and by openssl: each way one can
 * fail is named in words, and a certificate an organization's CA issued is accepted against it.
 */

const SUMS = Buffer.from(`${'a'.repeat(64)}  case.pdf\n`)
const at = new Date('2026-11-29T10:00:00Z')
let own: SigningKey
let dir: string

beforeAll(async () => {
  // Made the day before it signs: a key made now is not yet valid at a fixed `at` once it passes.
  own = await createSelfSignedKey({
    name: 'Lagoon MFB fraud desk',
    now: new Date(at.getTime() - 86_400_000),
  })
  dir = mkdtempSync(join(tmpdir(), 'casefile-cms-'))
})

describe('a detached signature over SHA256SUMS', () => {
  it('is accepted by itself and against its own certificate', async () => {
    const signature = await signDetached(SUMS, own, at)
    const check = await verifyDetached(signature, SUMS, own.certificate, 'SHA256SUMS.p7s')
    expect(check).toMatchObject({ ok: true, problem: null })
    expect(check.signer?.subject).toBe('CN=Lagoon MFB fraud desk')
  })

  it('names each failure: another SHA256SUMS, a changed signature, not a signature', async () => {
    const signature = await signDetached(SUMS, own, at)
    const other = Buffer.from(`${'b'.repeat(64)}  case.pdf\n`)
    expect((await verifyDetached(signature, other, null, 'SHA256SUMS.p7s')).message).toBe(
      'SHA256SUMS.p7s was not made over this SHA256SUMS: SHA256SUMS was changed after it was signed.',
    )
    const broken = Buffer.from(signature)
    broken[broken.length - 1] = broken[broken.length - 1]! ^ 1
    expect(await verifyDetached(broken, SUMS, own.certificate, 'SHA256SUMS.p7s')).toMatchObject({
      ok: false,
      problem: 'bad-signature',
    })
    expect(
      (await verifyDetached(Buffer.from('not a signature'), SUMS, null, 'SHA256SUMS.p7s')).problem,
    ).toBe('unreadable')
  })

  it('accepts an officer certificate issued by the organization CA, and refuses another CA', async () => {
    const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' })
    run([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-subj',
      '/CN=Lagoon MFB CA',
      '-days',
      '30',
    ])
    run([
      'req',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      'officer.key',
      '-out',
      'officer.csr',
      '-subj',
      '/CN=Officer Bello',
    ])
    writeFileSync(join(dir, 'ext.cnf'), 'keyUsage=digitalSignature,nonRepudiation\n')
    run([
      'x509',
      '-req',
      '-in',
      'officer.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'officer.pem',
      '-days',
      '10',
      '-extfile',
      'ext.cnf',
    ])
    run([
      'pkcs12',
      '-export',
      '-inkey',
      'officer.key',
      '-in',
      'officer.pem',
      '-out',
      'officer.p12',
      '-passout',
      'pass:pw',
    ])
    const officer = await readPkcs12(readFileSync(join(dir, 'officer.p12')), 'pw')
    const signature = await signDetached(SUMS, officer, new Date())
    const ca = certificateDer(readFileSync(join(dir, 'ca.pem')))
    expect(await verifyDetached(signature, SUMS, ca, 'SHA256SUMS.p7s')).toMatchObject({ ok: true })
    writeFileSync(join(dir, 'SHA256SUMS'), SUMS)
    writeFileSync(join(dir, 'SHA256SUMS.p7s'), signature)
    run([
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-content',
      'SHA256SUMS',
      '-in',
      'SHA256SUMS.p7s',
      '-CAfile',
      'ca.pem',
      '-out',
      '/dev/null',
    ])
    expect(await verifyDetached(signature, SUMS, own.certificate, 'SHA256SUMS.p7s')).toMatchObject({
      ok: false,
      problem: 'not-from-ca',
    })
  })
})

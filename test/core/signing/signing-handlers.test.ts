import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { workContract } from '../../../src/shared/contracts/work'
import { createWorkHandlers, type WorkHandlers } from '../../../src/core/work-handlers'
import type { Core } from '../../../src/core/open-core'
import { createFolderIdentity } from '../../../src/core/encryption/folder-key'
import { signer } from '../../../src/core/signing/signer'
import {
  certificateFacts,
  colonHex,
  createSelfSignedKey,
} from '../../../src/core/signing/signing-key'
import { keepSigningKey } from '../../../src/core/signing/signing-key-store'
import { closedPortUrl, openTestCore } from '../../support/core-with-sandbox'
import { memorySecretBackend } from '../../web-harness/memory-secret-backend'

/*
 * Settings → Case files over the contract: the officer the certificate names set, read back and
 * refused in the core's words (as `casefile config set --signer-*` refuses it), one field at a
 * time keeping the others; and the signing key kept for the folder told by its certificate only.
 */

const keychain = memorySecretBackend()
let core: Core
let handlers: WorkHandlers
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-signer-'))
  createFolderIdentity(dataDir)
  const offline = await closedPortUrl()
  core = openTestCore({ baseUrl: offline, uploadUrl: offline }, { dataDir })
  handlers = createWorkHandlers(() => core, { signingKeychain: () => keychain })
})
afterAll(async () => {
  await core.close()
})

type M = keyof typeof workContract
async function call<K extends M>(
  method: K,
  input: z.input<(typeof workContract)[K]['input']>,
): Promise<z.output<(typeof workContract)[K]['output']>> {
  const spec = workContract[method]
  const result = await (handlers[method] as (i: unknown) => unknown)(spec.input.parse(input))
  return spec.output.parse(result) as z.output<(typeof workContract)[K]['output']>
}

describe('the signer channels', () => {
  it('start blank, with no signing key and the command that makes one', async () => {
    const view = await call('caseFileSigner', undefined)
    expect(view).toEqual({
      name: null,
      position: null,
      organization: null,
      signingKey: { kept: false, problem: null },
    })
  })

  it('set the officer and read it back as the certificate will name them', async () => {
    const set = await call('caseFileSetSigner', {
      name: '  Adaeze Okonkwo ',
      position: 'Head of Fraud Investigations',
      organization: 'Lagoon Microfinance Bank',
    })
    expect(set).toMatchObject({
      ok: true,
      signer: {
        name: 'Adaeze Okonkwo',
        position: 'Head of Fraud Investigations',
        organization: 'Lagoon Microfinance Bank',
      },
    })
    expect(await call('caseFileSigner', undefined)).toMatchObject({ name: 'Adaeze Okonkwo' })
    // What case-seal.ts reads when it fills in the certificate.
    expect(signer(core.db)).toEqual({
      name: 'Adaeze Okonkwo',
      position: 'Head of Fraud Investigations',
      organization: 'Lagoon Microfinance Bank',
    })
  })

  it('refuse a field in the core words, naming the certificate line, and keep nothing', async () => {
    const refused = await call('caseFileSetSigner', {
      name: 'Someone Else',
      position: 'x'.repeat(201),
      organization: 'Lagoon\nMicrofinance',
    })
    expect(refused).toEqual({
      ok: false,
      problems: [
        {
          field: 'position',
          message: 'Position held in the organization: it is longer than 200 characters.',
        },
        {
          field: 'organization',
          message: 'Organization: it holds a line break or a control character.',
        },
      ],
    })
    expect(signer(core.db).name).toBe('Adaeze Okonkwo')
  })

  it('change two fields one at a time, keeping the third; an empty one is cleared', async () => {
    await call('caseFileSetSigner', { position: 'Chief Compliance Officer' })
    const second = await call('caseFileSetSigner', { name: 'Babatunde Adewale' })
    if (!second.ok) throw new Error('refused')
    expect(second.signer).toMatchObject({
      name: 'Babatunde Adewale',
      position: 'Chief Compliance Officer',
      organization: 'Lagoon Microfinance Bank',
    })
    const cleared = await call('caseFileSetSigner', { position: '' })
    expect(cleared).toMatchObject({
      ok: true,
      signer: { name: 'Babatunde Adewale', position: null },
    })
  })

  it('tell the signing key kept in the keychain by its certificate, never its private key', async () => {
    const key = await createSelfSignedKey({ name: 'Lagoon MFB case files', now: new Date() })
    await keepSigningKey(core.dataDir, keychain, key)
    const view = await call('caseFileSigner', undefined)
    expect(view.signingKey).toEqual({
      kept: true,
      where: 'keychain',
      subject: 'CN=Lagoon MFB case files',
      fingerprint: colonHex(certificateFacts(key.certificate).fingerprint),
      validTo: certificateFacts(key.certificate).validTo,
    })
    expect(JSON.stringify(view)).not.toContain(key.privateKey.toString('base64').slice(0, 40))
  })
})

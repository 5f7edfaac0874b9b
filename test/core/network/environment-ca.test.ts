// NODE_EXTRA_CA_CERTS on every runtime Casefile meets: Node 22.15+ gives what it read at start;
// an older Node (no tls.getCACertificates) would still have trusted the file, so it is read
// here; the packaged app's Electron ignores the variable (its nodeOptions fuse), and the doctor
// says so rather than trusting it behind the fuse's back. What trusted a chain is named.
import { X509Certificate } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  environmentCertificates,
  loadTrustStores,
  trustingStore,
} from '../../../src/core/network/certificate-trust'
import { trustedByWords, trustProblemWords } from '../../../src/core/registry/connection-report'
import { testCa, type TestCa } from '../../support/bank-network/test-ca'
import { tempFolder } from '../../cli/cli-harness'

let ca: TestCa
let caPem: string
beforeAll(async () => {
  ca = await testCa()
  caPem = new X509Certificate(readFileSync(ca.caCert)).toString()
})

const noStore = () => [] as string[]

describe('NODE_EXTRA_CA_CERTS', () => {
  it('joins the stores as Node read it, and a chain its CA signed is named as trusted through it', () => {
    const environment = environmentCertificates(
      { NODE_EXTRA_CA_CERTS: ca.caCert },
      (type) => (type === 'extra' ? [caPem] : []),
      false,
    )
    expect(environment).toEqual({ pems: [caPem], path: ca.caCert })
    const stores = loadTrustStores({ reader: noStore, environment })
    const leaf = new X509Certificate(readFileSync(ca.certs.good.cert))
    const store = trustingStore([leaf], stores)
    expect(store).toBe('environment')
    expect(trustedByWords(store, stores)).toBe(`trusted through NODE_EXTRA_CA_CERTS (${ca.caCert})`)
    // The file chosen in Casefile is the more particular: named first when both hold the CA.
    expect(trustingStore([leaf], { ...stores, extra: [caPem] })).toBe('extra')
  })

  it('is read from the file on a runtime without tls.getCACertificates', () => {
    expect(environmentCertificates({ NODE_EXTRA_CA_CERTS: ca.caCert }, null, false)).toEqual({
      pems: [caPem],
      path: ca.caCert,
    })
    const missing = join(tempFolder(), 'absent.pem')
    const gone = environmentCertificates({ NODE_EXTRA_CA_CERTS: missing }, null, false)
    expect(gone.pems).toEqual([])
    expect(gone.problem).toContain(`The certificate file ${missing} does not exist`)
  })

  it("says why it adds nothing: a file Node could not read, or the app's Electron ignoring it", () => {
    const notPem = join(tempFolder(), 'not.pem')
    writeFileSync(notPem, 'not a certificate')
    const unread = environmentCertificates({ NODE_EXTRA_CA_CERTS: notPem }, noStore, false)
    const stores = loadTrustStores({ reader: noStore, environment: unread })
    expect(trustProblemWords(stores)).toContain(
      `NODE_EXTRA_CA_CERTS names ${notPem}, and it adds no certificate: ${notPem} holds no certificate`,
    )
    const electron = environmentCertificates({ NODE_EXTRA_CA_CERTS: ca.caCert }, noStore, true)
    expect(electron.pems).toEqual([])
    expect(electron.problem).toContain(
      "set that file as your organization's certificate in Casefile's connection settings",
    )
  })

  it('unset, adds nothing and says nothing', () => {
    expect(environmentCertificates({}, null, false)).toEqual({ pems: [] })
  })
})

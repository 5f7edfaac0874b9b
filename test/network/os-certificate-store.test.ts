// Where IT installed the bank's root certificate in the computer's own store, the `casefile`
// command trusts it with no flag and no NODE_EXTRA_CA_CERTS. The built command runs as a process
// whose OpenSSL store (SSL_CERT_FILE, SSL_CERT_DIR: how Linux's store is found) holds the test CA
// and nothing else, as a bank laptop's store holds the bank's root.
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { reportFile, tempFolder } from '../cli/cli-harness'
import { useBankNetwork } from '../support/bank-network'
import { casefileProcess } from './casefile-process'

const network = useBankNetwork()

/** The command as its own process, with the first demo organization's key and a folder key. */
const casefile = (args: string[], env: Record<string, string>) =>
  casefileProcess(args, { CASEFILE_API_KEY: network.key, CASEFILE_DB_KEY: 'ab'.repeat(32), ...env })

/** A store like the computer's: a bundle with the bank's root, and an empty hashed folder. */
function storeWithBankRoot(withRoot: boolean): Record<string, string> {
  const dir = tempFolder('casefile-os-store-')
  mkdirSync(join(dir, 'certs'))
  writeFileSync(join(dir, 'bundle.pem'), withRoot ? readFileSync(network.caPath) : '')
  return { SSL_CERT_FILE: join(dir, 'bundle.pem'), SSL_CERT_DIR: join(dir, 'certs') }
}

describe("the computer's certificate store", () => {
  it(
    'is trusted with no flag: a registry signed by a root IT installed there is reached',
    { timeout: 60_000 },
    async () => {
      const base = network.fronts.good.url
      const dataDir = tempFolder()
      const os = storeWithBankRoot(true)
      const setup = await casefile(
        [
          'config',
          'set',
          '--base-url',
          base,
          '--upload-url',
          `${base}/upload-service`,
          '--data-dir',
          dataDir,
        ],
        os,
      )
      expect(setup.code, setup.stderr).toBe(0)
      const submit = await casefile(['submit', reportFile(tempFolder()), '--data-dir', dataDir], os)
      expect(submit.code, submit.stderr).toBe(0)

      const without = await casefile(['sync', '--data-dir', dataDir], storeWithBankRoot(false))
      expect(without.code).toBe(3)
      expect(without.stderr).toContain('Casefile Test Bank Root CA')

      const sync = await casefile(['sync', '--data-dir', dataDir], os)
      expect(sync.code, sync.stderr).toBe(0)
      expect(sync.stdout).toMatch(/^Sent 1 report/)

      const doctor = await casefile(['doctor', '--data-dir', dataDir], {
        ...os,
        CASEFILE_UPDATE_FEED_URL: base,
      })
      expect(doctor.stdout).toContain("trusted by this computer's certificate store")
      expect(doctor.code, doctor.stdout).toBe(0)
    },
  )
})

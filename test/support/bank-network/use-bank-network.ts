import { afterAll, beforeAll } from 'vitest'
import {
  startBankNetwork,
  type BankNetwork,
  type BankNetworkOptions,
  type RunningBankNetwork,
} from './bank-network'

/** Start-up takes 0.2-1.1 s on a busy 2-core machine; nginx or squid stuck would be far over. */
const START_TIMEOUT_MS = 30_000

/**
 * The bank network for the file's tests: started in beforeAll, stopped in afterAll. Read the
 * fields inside tests (they are filled in beforeAll). Fails, never skips, when nginx, squid or
 * openssl is missing, naming the Debian package to install.
 */
export function useBankNetwork(options: BankNetworkOptions = {}): BankNetwork {
  const network = {} as BankNetwork
  let running: RunningBankNetwork | undefined
  beforeAll(async () => {
    running = await startBankNetwork(options)
    const { stop: _stop, ...fields } = running
    Object.assign(network, fields)
  }, START_TIMEOUT_MS)
  afterAll(async () => {
    await running?.stop()
  })
  return network
}

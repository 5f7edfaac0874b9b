// The "bank network": real nginx TLS fronts and squid proxies on loopback, before the sandbox
// registry, for the registry client's proxy and certificate tests. See README.md here.
export { useBankNetwork } from './use-bank-network'
export {
  startBankNetwork,
  BANK_PROXY_CREDENTIALS,
  type BankNetwork,
  type BankNetworkOptions,
  type RunningBankNetwork,
} from './bank-network'
export {
  makeTestCa,
  testCa,
  CERT_KINDS,
  TEST_CA_NAME,
  type CertKind,
  type CertPair,
  type TestCa,
} from './test-ca'
export {
  startTlsFront,
  TLS_FRONT_MAX_BODY_MB,
  type TlsFront,
  type TlsFrontOptions,
} from './nginx-tls'
export {
  startSquid,
  proxyAuthorization,
  type ProxyCredentials,
  type ProxyLogEntry,
  type RunningSquid,
  type SquidOptions,
} from './squid'
export { BANK_INTRANET_NAME, BANK_REGISTRY_NAME, WRONG_NAME } from './bank-names'
export { freePort, closedPort } from './free-port'
export { findProgram, DEBIAN_PACKAGES } from './programs'

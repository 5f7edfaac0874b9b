import type { NetworkRefusal } from '../../src/shared/network-refusal'

/* The network's refusals the words tests say in each front's words (CLI, window). */

/** A bank's TLS-inspecting proxy re-signed the registry's certificate with a root not trusted here. */
export const UNTRUSTED_REFUSAL: Extract<NetworkRefusal, { type: 'certificate' }> = {
  type: 'certificate',
  problem: 'untrusted',
  code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  host: 'registry.bank.example',
  certificate: {
    subject: 'CN=registry.bank.example',
    issuer: 'Bank Inspection Root',
    validFrom: '2025-01-01T00:00:00.000Z',
    validTo: '2027-01-01T00:00:00.000Z',
    names: ['registry.bank.example'],
    selfSigned: false,
  },
}

/** The bank's proxy asks for a user name and password that were not given. */
export const PROXY_ASKS_REFUSAL: Extract<NetworkRefusal, { type: 'proxy_auth' }> = {
  type: 'proxy_auth',
  proxy: { host: 'proxy.bank.local', port: 8080 },
  hadCredentials: false,
  schemes: ['Basic'],
}

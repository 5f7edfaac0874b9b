/**
 * The front door of src/core/network: all that code outside this folder may import
 * of it (docs/architecture.md, "Front doors"; enforced by eslint's front-doors rule).
 */

export { describeProxyChoice, proxyAddress } from './proxy-choice'
export type { ProxyChoice, ProxyCredentials, ProxyResolver } from './proxy-choice'
export {
  createLinkAgents,
  createRegistryAgent,
  environmentProxyResolver,
} from './registry-transport'
export type { NetworkSettings } from './registry-transport'
export { SHOWN_CERTIFICATE, failedBeforeSend } from './registry-agent'
export type { ConnectionSeen } from './registry-agent'
export {
  ProxySettingError,
  describeNetworkRefusal,
  isNetworkRefusalError,
  needsCaFile,
  NEUTRAL_FIXES,
  storedErrorSaid,
} from './network-failure'
export type { NetworkRefusal, RefusalFixes } from './network-failure'
export { isRegistryEndpoint, registryEndpoints } from './link-destination'
export type { Endpoint } from './link-destination'
export { LinkDestinationError } from './link-guard'
export { CaFileError, readCaFile } from './certificate-trust'
export { proxyFromEnvironment } from './environment-proxy'

// What the rest of the app uses of this folder's other files.
export { certificateFacts, loadTrustStores, trustingStore } from './certificate-trust'
export type { TrustStoreName, TrustStores } from './certificate-trust'
export { RegistryAgent, connectToRegistry } from './registry-agent'

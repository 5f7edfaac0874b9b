/**
 * Channel names of how Casefile reaches the registry from this computer (the organization's CA
 * file, a proxy's password), with no schema attached so the preload can bundle them.
 * network.ts pairs each with its schemas; main serves them, but for the connection check.
 */
export const NETWORK_INVOKE_CHANNELS = {
  connectionSettings: 'network:settings',
  chooseCaFile: 'network:choose-ca-file',
  clearCaFile: 'network:clear-ca-file',
  setProxyCredentials: 'network:set-proxy-credentials',
} as const

/** Settings → Check connection: a work channel, served by the core process. */
export const CONNECTION_CHECK_INVOKE_CHANNELS = {
  connectionCheck: 'network:check',
} as const

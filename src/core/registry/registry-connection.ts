import { registryAddressProblem } from '../../shared/registry-address'

export interface RegistryConnection {
  /** {base_url} of the spec, e.g. https://registry.example.com */
  baseUrl: string
  /** {upload_url} of the spec: the address hosting /api/v1/upload */
  uploadUrl: string
}

/**
 * The last line of the one address rule: whatever built the connection (settings, a data
 * folder's connection.json, a test), the client never sends a key to an address the rule refuses.
 */
export function assertUsableConnection(connection: RegistryConnection): void {
  for (const [name, value] of [
    ['base URL', connection.baseUrl],
    ['upload URL', connection.uploadUrl],
  ] as const) {
    const problem = registryAddressProblem(value)
    if (problem) throw new Error(`The ${name} "${redactAddress(value)}" cannot be used. ${problem}`)
  }
}

/** An address as it may be shown: any user name or password in it replaced. */
function redactAddress(value: string): string {
  return value.replace(/\/\/[^/@]*@/, '//…@')
}

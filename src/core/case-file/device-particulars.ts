import { hostname, release, type as osType, version as osVersion } from 'node:os'
import type { CoreContext } from '../core-context'
import { readFolderIdentity } from '../encryption/encryption'
import { exchangeLogSpan } from '../log/log'
import { describeProxyChoice, environmentProxyResolver } from '../network/network'
import { producingSystem } from './case-resources'

/*
 * What the s.84 certificate states of the device that produced a case file: the operating
 * system and its version, the machine's name, Casefile's version, the data folder's id, how the
 * registry was reached (direct or through which proxy) and the certificate it showed, and the
 * period over which this data folder was used (its first and last exchange with the registry,
 * from its append-only log).
 */

export interface DeviceParticulars {
  operatingSystem: string
  machine: string
  software: string
  dataFolderId: string
  route: string
  registry: string
  /** SHA-256 of the certificate the registry (or a proxy inspecting TLS) showed; null when unseen. */
  registryCertificate: string | null
  /** ISO times of the folder's first and last exchange with the registry; null when none. */
  firstUse: string | null
  lastUse: string | null
}

export async function deviceParticulars(core: CoreContext): Promise<DeviceParticulars> {
  const registry = core.client.connection.baseUrl
  const seen = core.connectionSeen?.() ?? null
  let route: string
  if (seen) route = describeProxyChoice(seen.proxy)
  else
    try {
      route = `${describeProxyChoice(await environmentProxyResolver()(registry)).replace(/\.$/, '')}: as this computer\u2019s settings give it now, since no encrypted connection to the registry was made while this case file was produced.`
    } catch {
      route = 'Not known'
    }
  const use = exchangeLogSpan(core)
  const system = producingSystem()
  return {
    operatingSystem: `${osType()} ${release()} (${osVersion()}), ${process.arch}`,
    machine: hostname(),
    software: system.software,
    dataFolderId:
      readFolderIdentity(core.dataDir)?.id ?? 'none (a folder made before folders had one)',
    route,
    registry,
    registryCertificate: seen?.chain[0]?.fingerprint256.replace(/:/g, '').toLowerCase() ?? null,
    firstUse: use.first,
    lastUse: use.last,
  }
}

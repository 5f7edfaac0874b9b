import {
  describeNetworkRefusal,
  storedErrorSaid,
  type NetworkRefusal,
  type RefusalFixes,
} from '../../../shared/network-refusal'

/*
 * The network's refusals (a certificate, a proxy) in the window's words: the core's sentence, with
 * this window's controls for the fix where the core's names none (the CLI names its options:
 * src/cli/network-words.ts). The facts come with the contract (networkRefusalSchema) on the
 * reachability, an operation's last error and a paused queue.
 */

/** Where the Settings screen has the organization's certificate file and the proxy's sign-in. */
const PANEL = 'Settings → Proxy and certificates'

/** The window's controls for a refusal's fixes. */
export const WINDOW_FIXES: RefusalFixes = {
  caFile: `choose it with \u201cChoose certificate file\u2026\u201d in ${PANEL}`,
  proxyLogin: `in ${PANEL}`,
  apiKey: 'Paste the organization\u2019s API key in Settings, under \u201cAPI key\u201d.',
  registryAddress: 'in Settings \u2192 Connection',
}

/** A refusal of the network in the window's words. */
export function networkRefusalSaid(refusal: NetworkRefusal): string {
  return describeNetworkRefusal(refusal, WINDOW_FIXES)
}

/**
 * A message the core said, in the window's words: from the network's refusal behind it when that
 * came too, with where to give the key or the proxy's sign-in when it is about them (`kind` of
 * an operation's last error, `reason` of a paused queue).
 */
export function refusedSaid(said: {
  message: string
  refusal?: NetworkRefusal | undefined
  kind?: string | undefined
  reason?: string | undefined
}): string {
  return storedErrorSaid({ ...said, kind: said.kind ?? said.reason }, WINDOW_FIXES)
}

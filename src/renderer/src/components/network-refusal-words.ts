import {
  describeNetworkRefusal,
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
}

/** A refusal of the network in the window's words. */
export function networkRefusalSaid(refusal: NetworkRefusal): string {
  return describeNetworkRefusal(refusal, WINDOW_FIXES)
}

/** A message the core said, in the window's words when the network's refusal behind it came too. */
export function refusedSaid(said: {
  message: string
  refusal?: NetworkRefusal | undefined
}): string {
  return said.refusal ? networkRefusalSaid(said.refusal) : said.message
}

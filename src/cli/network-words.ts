import { describeNetworkRefusal, type NetworkRefusal } from '../core/network/network'

/*
 * The network's refusals (a certificate, a proxy) in the CLI's words: the core's sentences, with
 * the CLI's command for the organization's certificate file where the core's name no command. In
 * a file of its own, apart from core-words.ts, so that what loads that (every command's context)
 * does not load the network's words.
 */

/** How the CLI has Casefile trust a certificate file: the window's place and the CLI's command. */
export const TRUST_CA_FILE_SAID =
  'choose it in Settings → Connection (casefile config set --ca-file FILE)'

/** A refusal of the network in the CLI's words. */
export function networkRefusalSaid(refusal: NetworkRefusal): string {
  return describeNetworkRefusal(refusal, TRUST_CA_FILE_SAID)
}

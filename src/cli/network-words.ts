import {
  describeNetworkRefusal,
  storedErrorSaid,
  type NetworkRefusal,
  type RefusalFixes,
} from '../core/network/network'

/*
 * The network's refusals (a certificate, a proxy) in the CLI's words: the core's sentences, with
 * the CLI's own ways to fix them where the core's name none. In a file of its own, apart from
 * core-words.ts, so that what loads that (every command's context) does not load the network's
 * words.
 */

/**
 * How the CLI has Casefile trust a certificate file (its `config set --ca-file`), and where a
 * command takes a proxy's user name and password (HTTPS_PROXY: the CLI reads no keychain entry
 * for a proxy).
 */
export const CLI_FIXES: RefusalFixes = {
  caFile: 'set it with `casefile config set --ca-file FILE`',
  proxyLogin: 'in HTTPS_PROXY as http://user:password@host:port, with @ written %40',
  apiKey: "Set the key in CASEFILE_API_KEY or in the app's Settings.",
  registryAddress: '(casefile config show)',
}

/** A refusal of the network in the CLI's words. */
export function networkRefusalSaid(refusal: NetworkRefusal): string {
  return describeNetworkRefusal(refusal, CLI_FIXES)
}

/**
 * A paused queue as the CLI shows it: a proxy's refusal, a refused key or a proxy's sign-in in
 * the CLI's words, the refusal's facts left out (the JSON is as it was before the pause carried
 * them).
 */
export function pauseSaid<P extends { message: string; reason?: string; refusal?: NetworkRefusal }>(
  paused: P,
): Omit<P, 'refusal'> {
  const { refusal: _facts, ...rest } = paused
  return { ...rest, message: storedErrorSaid({ ...paused, kind: paused.reason }, CLI_FIXES) }
}

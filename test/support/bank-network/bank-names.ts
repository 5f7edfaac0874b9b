/**
 * The registry's name on the bank's network. Only the bank's squid resolves it (to 127.0.0.1,
 * from a hosts file of its own): a client reaches it through the proxy or not at all, as a
 * bank's registry is reached. Clients rightly send loopback addresses direct, proxy or not,
 * so `localhost` could not test a proxy. The `.test` top-level domain never resolves anywhere
 * (RFC 2606); this machine's resolver is never asked.
 */
export const BANK_REGISTRY_NAME = 'registry.bank.test'

/** The only name the "wrong name" certificate is valid for. */
export const WRONG_NAME = 'registry.other.example'

/**
 * A service inside the bank: squid resolves it to 127.0.0.1 as it does the registry's name, and
 * the good certificate names it, so a client that let a report's link through would get its page.
 * Attachment links must never reach it (test/network/link-destination.test.ts).
 */
export const BANK_INTRANET_NAME = 'intranet.bank.test'

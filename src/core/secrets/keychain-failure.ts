import { redactKey } from './redact-key'

/**
 * Why the keychain could not be used, in words that say what it means for the person and what
 * to do. The library's own message is appended (it names the cause, e.g. "no D-Bus session"),
 * with the secret scrubbed out should it ever appear in it.
 */
export function describeKeychainFailure(
  error: unknown,
  platform: NodeJS.Platform,
  secret?: string,
): string {
  const session =
    'so the API key is kept in memory for this session only and must be entered again after Casefile restarts'
  const advice =
    platform === 'darwin'
      ? `The macOS Keychain could not be used, ${session}. Check in Keychain Access that your login keychain is unlocked, then restart Casefile.`
      : platform === 'win32'
        ? `Windows Credential Manager could not be used, ${session}. Check that the Credential Manager service is running, then restart Casefile.`
        : `No keychain is available: Casefile found no Secret Service (such as GNOME Keyring, KWallet or KeePassXC), ${session}. To keep it, install and start gnome-keyring (or turn on the Secret Service in KWallet or KeePassXC), then restart Casefile.`
  const detail = scrubSecret(errorText(error), secret).slice(0, 300)
  return detail ? `${advice} (${detail})` : advice
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message.replace(/\s+/g, ' ').trim()
  return typeof error === 'string' ? error : ''
}

/** Replaces every occurrence of the secret; never lets a key reach a message or a log line. */
export function scrubSecret(text: string, secret: string | undefined): string {
  // The whole key first (whatever its length), then any part of it.
  return redactKey(secret ? text.split(secret).join('[key]') : text, secret)
}

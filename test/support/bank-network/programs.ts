import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

// sbin folders are missing from a non-root user's PATH on Debian, yet nginx and squid live
// there; Homebrew's folders let the fixture run on a developer's Mac as well.
const EXTRA_FOLDERS = [
  '/usr/sbin',
  '/usr/local/sbin',
  '/sbin',
  '/opt/homebrew/bin',
  '/opt/homebrew/sbin',
  '/usr/local/bin',
]

/** Which Debian package brings each program the bank network runs. */
export const DEBIAN_PACKAGES = {
  nginx: 'nginx-light',
  squid: 'squid',
  openssl: 'openssl',
  basic_ncsa_auth: 'squid',
} as const

export type BankProgram = keyof typeof DEBIAN_PACKAGES

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

// Squid's helpers are not on any PATH: each distribution keeps them in its own libexec folder.
const HELPER_FOLDERS = [
  '/usr/lib/squid',
  '/usr/lib64/squid',
  '/usr/libexec/squid',
  '/opt/homebrew/opt/squid/libexec',
  '/usr/local/opt/squid/libexec',
]

const found = new Map<BankProgram, string>()

/**
 * The absolute path of a program the bank network runs. Throws, never skips: a CI machine
 * without it must fail and say which package to install.
 */
export function findProgram(name: BankProgram): string {
  const known = found.get(name)
  if (known) return known
  const folders =
    name === 'basic_ncsa_auth'
      ? HELPER_FOLDERS
      : [
          ...new Set([
            ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
            ...EXTRA_FOLDERS,
          ]),
        ]
  for (const folder of folders) {
    const candidate = join(folder, name)
    if (executable(candidate)) {
      found.set(name, candidate)
      return candidate
    }
  }
  throw new Error(
    `The bank network test fixture needs \`${name}\`, which is not installed (looked in ${folders.join(', ')}). ` +
      `Install the Debian package ${DEBIAN_PACKAGES[name]}: sudo apt-get install --no-install-recommends ${DEBIAN_PACKAGES[name]} ` +
      `(.ci/run installs it in CI).`,
  )
}

#!/usr/bin/env node
// `npm test`: the type checks (Node and web side), ESLint, then vitest — with a real Secret
// Service for the keychain tests, so they run for real instead of skipping.
//
//   npm test                   everything
//   npm test -- test/main      everything, with vitest limited to test/main
//
// On Linux with no session bus (a CI box, a container, an SSH session) this script re-runs
// itself inside `dbus-run-session` and starts `gnome-keyring-daemon --unlock --components=secrets`
// there, with a throwaway keyring in a temporary folder: the keychain tests then talk to a
// real Secret Service over a real D-Bus, as the app does on a desktop. The bus and the daemon
// end with the run. Elsewhere (macOS, Windows, a Linux desktop) the steps run as they are.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const vitestArgs = process.argv.slice(2)
const INSIDE_SESSION = 'CASEFILE_TEST_DBUS_SESSION'
const say = (line) => console.log(`[run-tests] ${line}`)

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0

if (
  process.platform === 'linux' &&
  !process.env.DBUS_SESSION_BUS_ADDRESS &&
  !process.env[INSIDE_SESSION] &&
  onPath('dbus-run-session') &&
  onPath('gnome-keyring-daemon')
) {
  say('no session bus: running the tests inside dbus-run-session with gnome-keyring')
  const inner = spawnSync(
    'dbus-run-session',
    ['--', process.execPath, fileURLToPath(import.meta.url), ...vitestArgs],
    { cwd: root, stdio: 'inherit', env: { ...process.env, [INSIDE_SESSION]: '1' } },
  )
  process.exit(inner.status ?? 1)
}

let keyringHome
if (process.env[INSIDE_SESSION]) keyringHome = startKeyring()

const steps = [
  ['npm', ['run', 'typecheck']],
  ['npm', ['run', 'lint']],
  ['npx', ['vitest', 'run', ...vitestArgs]],
]
let status = 0
for (const [command, args] of steps) {
  const step = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    // npm and npx are .cmd files on Windows.
    shell: process.platform === 'win32',
  })
  status = step.status ?? 1
  if (status !== 0) break
}
if (keyringHome) rmSync(keyringHome, { recursive: true, force: true })
process.exit(status)

/**
 * Starts gnome-keyring's Secret Service on this session bus with a new login keyring, unlocked
 * by the password fed on stdin, kept in a temporary XDG_DATA_HOME (never the user's keyrings).
 * Tells the tests a Secret Service is there (CASEFILE_SECRET_SERVICE=1), so they require it.
 */
function startKeyring() {
  const home = mkdtempSync(join(tmpdir(), 'casefile-keyring-'))
  const daemon = spawnSync('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    input: 'casefile-test-keyring\n',
    encoding: 'utf8',
    env: { ...process.env, XDG_DATA_HOME: home },
  })
  if (daemon.status !== 0) {
    say(`gnome-keyring-daemon did not start (exit ${daemon.status}): ${daemon.stderr.trim()}`)
    return home
  }
  // It prints the variables clients use to find it, e.g. GNOME_KEYRING_CONTROL=/run/…
  for (const line of daemon.stdout.split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim())
    if (match) process.env[match[1]] = match[2]
  }
  process.env.CASEFILE_SECRET_SERVICE = '1'
  say('gnome-keyring is serving the Secret Service on this session bus')
  return home
}

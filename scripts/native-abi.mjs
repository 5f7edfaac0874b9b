#!/usr/bin/env node
// Makes sure better-sqlite3's native module is built for the runtime about to load it:
// plain Node (tests, CLI, sandbox) or Electron (the app). It rebuilds only on a mismatch.
//
//   node scripts/native-abi.mjs --target=node       (run by `npm test`)
//   node scripts/native-abi.mjs --target=electron   (run by `npm start` / `npm run dev`)
//
// Node: the module is loaded in a child process; if that works nothing is done.
// Electron: its ABI cannot be tried without starting Electron, so a stamp file beside the
// binary records which runtime and version the last build was for.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const args = new Map(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
)
const target = args.get('target')
const quiet = args.has('quiet')
const say = (line) => quiet || console.log(`[native-abi] ${line}`)

if (target !== 'node' && target !== 'electron') {
  console.error('[native-abi] usage: node scripts/native-abi.mjs --target=node|electron')
  process.exit(2)
}

const moduleDir = dirname(require.resolve('better-sqlite3/package.json'))
const stampPath = join(moduleDir, 'build', 'casefile-abi.json')
const readStamp = () => {
  try {
    return JSON.parse(readFileSync(stampPath, 'utf8'))
  } catch {
    return null
  }
}
const writeStamp = (stamp) =>
  existsSync(dirname(stampPath)) && writeFileSync(stampPath, JSON.stringify(stamp) + '\n')

function loadsUnderNode() {
  const probe = spawnSync(
    process.execPath,
    ['-e', "const D=require('better-sqlite3');new D(':memory:').prepare('select 1').get()"],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
  return {
    ok: probe.status === 0,
    error: (probe.stderr || '').split('\n').find((l) => /Error/.test(l)) ?? '',
  }
}

function rebuild(env, what) {
  say(
    `rebuilding better-sqlite3 for ${what} (this takes a minute when no prebuilt binary can be downloaded)…`,
  )
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const result = spawnSync(npm, ['rebuild', 'better-sqlite3'], {
    cwd: root,
    stdio: quiet ? 'ignore' : 'inherit',
    env: { ...process.env, ...env },
    shell: process.platform === 'win32',
  })
  if (result.status !== 0) {
    console.error(
      `[native-abi] could not rebuild better-sqlite3 for ${what}. Check that a C++ toolchain (python3, make, g++ / Xcode / Visual Studio Build Tools) is installed, then run this again.`,
    )
    process.exit(1)
  }
}

if (target === 'node') {
  const stamp = { runtime: 'node', version: process.versions.node, abi: process.versions.modules }
  const first = loadsUnderNode()
  if (first.ok) {
    writeStamp(stamp)
    say(
      `better-sqlite3 loads under Node ${process.versions.node} (ABI ${process.versions.modules}).`,
    )
    process.exit(0)
  }
  say(`better-sqlite3 does not load under Node: ${first.error}`)
  rebuild(
    {
      npm_config_runtime: 'node',
      npm_config_target: process.versions.node,
      npm_config_disturl: '',
    },
    `Node ${process.versions.node}`,
  )
  const second = loadsUnderNode()
  if (!second.ok) {
    console.error(
      `[native-abi] better-sqlite3 still does not load under Node after a rebuild: ${second.error}`,
    )
    process.exit(1)
  }
  writeStamp(stamp)
  say('better-sqlite3 rebuilt for Node.')
} else {
  const electronVersion = JSON.parse(
    readFileSync(require.resolve('electron/package.json'), 'utf8'),
  ).version
  const stamp = readStamp()
  if (stamp?.runtime === 'electron' && stamp.version === electronVersion) {
    say(`better-sqlite3 is built for Electron ${electronVersion}.`)
    process.exit(0)
  }
  rebuild(
    {
      npm_config_runtime: 'electron',
      npm_config_target: electronVersion,
      npm_config_disturl: 'https://electronjs.org/headers',
      npm_config_nodedir: '',
    },
    `Electron ${electronVersion}`,
  )
  writeStamp({ runtime: 'electron', version: electronVersion })
  say(`better-sqlite3 rebuilt for Electron ${electronVersion}.`)
}

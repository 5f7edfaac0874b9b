#!/usr/bin/env node
// Checks, before the tests or the app start, that the runtime can load the native modules.
//
//   node scripts/native-abi.mjs --target=node       (run by `npm test`)
//   node scripts/native-abi.mjs --target=electron   (run by `npm start` / `npm run dev`)
//
// better-sqlite3-multiple-ciphers 13 and @napi-rs/keyring ship Node-API prebuilds inside their npm packages:
// one binary per platform loads under plain Node (tests, CLI, sandbox) and under Electron alike,
// so nothing is rebuilt per runtime and no C++ toolchain is needed. What can still go wrong:
//  - a Node older than 22.12 (better-sqlite3-multiple-ciphers 13 crashes under Node 20 with a segfault, which
//    would end `npm test` with no word of why): said here, with what to install;
//  - a platform with no prebuild (the package ships win32, darwin and linux/linuxmusl for x64
//    and arm64): said here too.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const target = process.argv.find((a) => a.startsWith('--target='))?.slice('--target='.length)
const quiet = process.argv.includes('--quiet')
const say = (line) => quiet || console.log(`[native-abi] ${line}`)
const fail = (line) => {
  console.error(`[native-abi] ${line}`)
  process.exit(1)
}

if (target !== 'node' && target !== 'electron') {
  console.error('[native-abi] usage: node scripts/native-abi.mjs --target=node|electron')
  process.exit(2)
}

const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 12)) {
  fail(
    `Casefile needs Node 22.12 or newer (Node 24 LTS recommended); this is Node ${process.versions.node}. ` +
      'Install Node 24 (see .nvmrc), then run npm ci again.',
  )
}

const moduleDir = dirname(require.resolve('better-sqlite3-multiple-ciphers/package.json'))
const libc =
  process.platform === 'linux' && !process.report?.getReport?.().header?.glibcVersionRuntime
const prebuild = `${process.platform === 'linux' && libc ? 'linuxmusl' : process.platform}-${process.arch}`
if (!existsSync(join(moduleDir, 'prebuilds', `${prebuild}.node`))) {
  fail(
    `better-sqlite3-multiple-ciphers ships no prebuilt binary for ${prebuild}; Casefile runs on Windows, macOS and Linux (x64, arm64).`,
  )
}

if (target === 'node') {
  // Loaded in a child: a module that cannot load may take the process down with it.
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const D=require('better-sqlite3-multiple-ciphers');new D(':memory:').prepare('select 1').get()",
    ],
    { cwd: root, encoding: 'utf8' },
  )
  if (probe.status !== 0) {
    const why =
      (probe.stderr || '').split('\n').find((l) => /Error/.test(l)) ||
      `the probe ended with ${probe.signal ?? `exit ${probe.status}`}`
    fail(
      `better-sqlite3-multiple-ciphers does not load under Node ${process.versions.node}: ${why}`,
    )
  }
  say(
    `better-sqlite3-multiple-ciphers (Node-API ${prebuild}) loads under Node ${process.versions.node}.`,
  )
} else {
  say(
    `better-sqlite3-multiple-ciphers (Node-API ${prebuild}) loads under Electron as it is: nothing to rebuild.`,
  )
}

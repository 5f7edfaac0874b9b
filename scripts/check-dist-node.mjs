#!/usr/bin/env node
// `npm run dist` starts here: electron-builder 26 rebuilds native modules for Electron with a
// step that needs Node 22.12 or newer. Say so before a long build fails halfway.
const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `npm run dist needs Node 22.12 or newer (electron-builder 26 rebuilds native modules with it); this is Node ${process.versions.node}. ` +
      'Tests, the CLI and the app itself run on Node 20.19+.',
  )
  process.exit(1)
}

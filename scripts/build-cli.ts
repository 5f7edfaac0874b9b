// `npm run build:cli`: bundles the `casefile` command into out/cli, with the `cli` build of
// electron.vite.config.ts (the one file that describes every bundle of the project).
import { build } from 'vite'
import { cli } from '../electron.vite.config'

build(cli).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

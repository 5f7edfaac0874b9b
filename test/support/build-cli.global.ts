// Builds the `casefile` bundle (out/cli) once before the tests, so the tests that run the
// command as a process (signals, the installed package) run what ships, never a stale build.
import { build } from 'vite'
import { cli } from '../../electron.vite.config'

export default async function setup(): Promise<void> {
  await build(cli)
}

// Builds the `casefile` bundle (out/cli) once before the tests, so the tests that run the
// command as a process (signals, the installed package) run what is shipped, never a stale build.
import { buildNodeBundle } from '../../scripts/build-node-bundles.mjs'

export default async function setup(): Promise<void> {
  await buildNodeBundle('cli')
}

// A `casefile` run in a process of its own, for the screening crash test to kill (SIGKILL).
import { runCli } from '../../src/cli/main'
import { processIo } from '../../src/cli/cli-io'

void runCli(process.argv.slice(2), {
  io: processIo,
  env: process.env,
  readKeychain: async () => null,
}).then((code) => process.exit(code))

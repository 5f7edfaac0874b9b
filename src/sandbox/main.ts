// `npm run sandbox -- [options]`: the sandbox registry as a standalone process.
import { runSandboxCommand } from './sandbox-cli'

runSandboxCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)

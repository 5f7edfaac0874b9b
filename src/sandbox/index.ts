export {
  startSandbox,
  DEFAULT_HOST,
  type StartSandboxOptions,
  type RunningSandbox,
  type DemoKey,
} from './sandbox-server'
export {
  parseSandboxArgs,
  runSandboxCommand,
  serveSandbox,
  SandboxStartError,
  SANDBOX_USAGE,
  SandboxUsageError,
  DEFAULT_CLI_PORT,
  DEFAULT_DATA_DIR,
  type SandboxCliOptions,
  type ParsedSandboxArgs,
} from './sandbox-cli'
export {
  faultRuleSchema,
  type FaultRule,
  type FaultRuleInput,
  type FaultCounters,
} from './fault-injection'
export { SANDBOX_ROUTES, UPLOAD_SERVICE_PREFIX, type SandboxRoute } from './route-names'
export { ADMIN_FAULTS_PATH } from './routes/admin-routes'
export { maskIdentifierValue } from './masking'
export type { SandboxLogger } from './error-handling'

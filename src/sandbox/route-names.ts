/** Names of the sandbox's routes, as fault rules and counters refer to them. */
export const SANDBOX_ROUTES = [
  'create',
  'update',
  'search',
  'submissions',
  'submission',
  'decode',
  'bulk',
  'unlist',
  'upload',
  'file',
  'banks',
] as const
export type SandboxRoute = (typeof SANDBOX_ROUTES)[number]

/** Where the upload service lives on the sandbox: {upload_url} = origin + this prefix. */
export const UPLOAD_SERVICE_PREFIX = '/upload-service'

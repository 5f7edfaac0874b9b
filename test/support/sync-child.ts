// A child process for the crash test: syncs one data folder until nothing more can move.
// Killed with SIGKILL at random moments by the test, then started again.
import { openCore } from '../../src/core/open-core'
import { testFolderKey } from './core-with-sandbox'
import * as Outbox from '../../src/core/outbox/outbox'

const { DATA_DIR, BASE_URL, UPLOAD_URL, API_KEY } = process.env
if (!DATA_DIR || !BASE_URL || !UPLOAD_URL || !API_KEY)
  throw new Error('sync-child needs DATA_DIR, BASE_URL, UPLOAD_URL and API_KEY')

// This computer's clock, set off from the registry's (CLOCK_SKEW_MS, for the skewed crash runs).
const skew = Number(process.env['CLOCK_SKEW_MS'] ?? 0)
const core = openCore({
  clock: { now: () => Date.now() + skew },
  dataDir: DATA_DIR,
  folderKey: testFolderKey(DATA_DIR), // an encrypted folder, as the app and the CLI keep
  connection: { baseUrl: BASE_URL, uploadUrl: UPLOAD_URL },
  getApiKey: () => API_KEY,
  retryPolicy: { baseMs: 5, capMs: 50, unknownOutcomeFloorMs: 100 },
  timeoutMs: 2000,
})
async function main(): Promise<number> {
  const summary = await core.engine.runUntilIdle()
  const { pending } = Outbox.outbox(core)
  await core.close()
  return summary.leaseHeld && pending === 0 ? 0 : 2
}

void main().then((code) => process.exit(code))

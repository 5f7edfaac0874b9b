// A child process for the migration kill test: migrates one plain data folder (the key comes
// from CASEFILE_DB_KEY) and kills itself with SIGKILL when it reaches KILL_AT.
import { openDataFolder } from '../../src/core/encryption/open-data-folder'

const { DATA_DIR, KILL_AT } = process.env
if (!DATA_DIR) throw new Error('migrate-child needs DATA_DIR')

void openDataFolder(
  DATA_DIR,
  { keychain: null, envKey: process.env['CASEFILE_DB_KEY'] },
  (step) => {
    if (step === KILL_AT) process.kill(process.pid, 'SIGKILL')
  },
).then(() => process.exit(0))

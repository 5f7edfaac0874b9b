// The `casefile` commands: what each takes, its help, and where its code is (loaded on use).
import { CASE_COMMANDS } from './case-command-specs'
import { CASES_COMMANDS } from './cases-command-specs'
import { WATCH_COMMANDS } from './watch-command-specs'
import type { CommandSpec, OptionSpec } from './command-line-spec'

/** Options every command takes, before or after the command's name. */
export const GLOBAL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'data-dir': {
    type: 'string',
    value: 'D',
    description:
      "the data folder (default: the desktop app's, of the profile CASEFILE_PROFILE names or the app has active)",
  },
  'db-key-file': {
    type: 'string',
    value: 'FILE',
    description:
      "the data folder's key (64 hex digits) from a file only you can read, where there is no OS keychain (or CASEFILE_DB_KEY)",
  },
  'ca-file': {
    type: 'string',
    value: 'FILE',
    description:
      "an organization's root certificate (PEM or DER) to trust for the registry, beside this computer's store (for this run; `config set --ca-file` keeps it)",
  },
  json: { type: 'boolean', description: 'machine-readable output, errors included (see README)' },
  help: { type: 'boolean', short: 'h', description: "show this command's usage" },
  version: { type: 'boolean', description: "print Casefile's version" },
}

const limit: OptionSpec = {
  type: 'string',
  value: 'N',
  description: 'show at most N (default 50)',
}
const exportTo: OptionSpec = {
  type: 'string',
  value: 'OUT',
  description: 'also write them to OUT (.csv or .xlsx), formulas neutralized',
}

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'sandbox',
    summary: 'run the local sandbox registry (prints its addresses and demo keys)',
    arguments: [],
    options: {
      port: {
        type: 'string',
        value: 'N',
        description: 'port to listen on; 0 takes a free one (default 4010)',
      },
      host: { type: 'string', value: 'ADDRESS', description: 'address to listen on' },
      latency: { type: 'string', value: 'MS', description: 'add this delay to every request' },
      'error-rate': {
        type: 'string',
        value: '0..1',
        description: 'answer this share of requests with --error-status',
      },
      'error-status': { type: 'string', value: 'CODE', description: '500 or 503 (default 500)' },
      faults: {
        type: 'string',
        value: 'JSON',
        description: 'fault rules (see src/sandbox/README)',
      },
      'faults-file': { type: 'string', value: 'PATH', description: 'the same, from a JSON file' },
    },
    details: [
      'Keeps its data in --data-dir (default ~/.casefile/sandbox) and runs until Ctrl-C or SIGTERM,',
      'then stops cleanly and exits 0.',
    ],
    examples: ['casefile sandbox --port 4010 --data-dir ./.sandbox'],
    load: async () => (await import('./commands/sandbox-command')).run,
  },
  {
    name: 'key export',
    summary: "save the data folder's key to a file, sealed with a passphrase you type",
    arguments: [],
    options: {
      out: { type: 'string', value: 'FILE', description: 'where to write it (required)' },
    },
    details: [
      'The data folder is encrypted; its key lives in the OS keychain. Keep an export with your',
      'backups, or use it to move the folder to another computer (casefile key import there).',
      'The passphrase is asked twice, at least 12 characters; without it the file is useless.',
    ],
    examples: ['casefile key export --out casefile-key.json --data-dir ./cases'],
    load: async () => (await import('./commands/key-commands')).runExport,
  },
  {
    name: 'key import',
    summary: "put an exported key into this computer's keychain for the data folder",
    arguments: [{ name: 'FILE' }],
    options: {},
    details: [
      'For a folder copied from another computer, or after the keychain was reset. The key must',
      'open the folder: nothing is stored otherwise.',
    ],
    examples: ['casefile key import casefile-key.json --data-dir ./cases'],
    load: async () => (await import('./commands/key-commands')).runImport,
  },
  {
    name: 'folder set-aside',
    summary: 'rename a data folder whose key is lost, so a new one can start',
    arguments: [],
    options: {},
    details: [
      'Renames the folder to <folder>.set-aside-<date>; nothing is deleted, and it opens again if',
      'its key turns up (rename it back, then casefile key import).',
    ],
    examples: ['casefile folder set-aside --data-dir ./cases'],
    load: async () => (await import('./commands/key-commands')).runSetAside,
  },
  {
    name: 'config set',
    summary: 'set the registry this data folder syncs with',
    arguments: [],
    options: {
      'base-url': { type: 'string', value: 'URL', description: "the registry's {base_url}" },
      'upload-url': { type: 'string', value: 'URL', description: "the registry's {upload_url}" },
      profile: {
        type: 'string',
        value: 'P',
        description: 'sandbox or registry (default registry)',
      },
      'confirm-registry-change': {
        type: 'boolean',
        description: 'send work queued for the previous registry to this one',
      },
      'clear-ca-file': {
        type: 'boolean',
        description: 'stop trusting the extra CA file set earlier with --ca-file',
      },
      'max-rate': {
        type: 'string',
        value: 'N|default',
        description:
          "the organization's ceiling on searches a second from this data folder (screening at --rate auto and the watchlist share it; default 10)",
      },
    },
    details: [
      'Writes connection.json in the data folder. The API key is never written to disk.',
      'https only (http only to this computer); the key is read from the keychain entry of this',
      "registry's origin (registry@https://host[:port]), or CASEFILE_API_KEY.",
      'Work queued for another registry stays paused until --confirm-registry-change.',
      "With --ca-file FILE, the organization's root certificate (a bank's TLS-inspecting proxy's) is",
      "trusted from then on, beside this computer's own store; it is checked before it is kept.",
      '--max-rate alone changes only the ceiling, kept in the data folder (the app reads it too).',
    ],
    examples: [
      'casefile config set --base-url http://127.0.0.1:4010 --upload-url http://127.0.0.1:4010/upload-service --data-dir ./cases',
      'casefile config set --max-rate 20',
    ],
    load: async () => (await import('./commands/config-command')).runSet,
  },
  {
    name: 'config show',
    summary: 'show the data folder, its registry and where the key comes from',
    arguments: [],
    options: {},
    json: true,
    examples: ['casefile config show --data-dir ./cases --json'],
    load: async () => (await import('./commands/config-command')).runShow,
  },
  {
    name: 'submit',
    summary: 'draft and queue a report (attachments may be local file paths)',
    arguments: [{ name: 'FILE.json' }],
    options: {},
    json: true,
    details: [
      'FILE.json holds fraudType, fraudReason, identifiers ([{ "label", "value" }]), attachments',
      '(links, or paths relative to the file) and showUploaderInfo.',
    ],
    examples: ['casefile submit report.json --data-dir ./cases'],
    load: async () => (await import('./commands/queue-commands')).runSubmit,
  },
  {
    name: 'update',
    summary: 'queue an update of a report',
    arguments: [{ name: 'ID' }, { name: 'FILE.json' }],
    options: {},
    json: true,
    details: [
      'ID: the local id or the registry id, checked with the registry when it is not in this folder.',
      'Fields FILE.json leaves out keep their current values; "attachments": [] removes them all.',
    ],
    examples: ['casefile update 7f3c…e1 corrected.json'],
    load: async () => (await import('./commands/queue-commands')).runUpdate,
  },
  {
    name: 'unlist',
    summary: 'queue the unlisting of a report',
    arguments: [{ name: 'ID' }],
    options: {},
    json: true,
    details: [
      'ID: the local id or the registry id, checked with the registry when it is not in this folder.',
    ],
    examples: ['casefile unlist 7f3c…e1'],
    load: async () => (await import('./commands/queue-commands')).runUnlist,
  },
  {
    name: 'sync',
    summary: 'send the outbox (once, or until nothing more can move)',
    arguments: [],
    options: {
      'until-idle': {
        type: 'boolean',
        description: 'keep going until everything is sent, needs attention or must wait',
      },
    },
    json: true,
    details: [
      'Exits 2 when items need attention, 3 when the registry cannot be reached, 4 when the key',
      'is missing or refused, 5 when another Casefile process is syncing this folder.',
    ],
    examples: ['casefile sync --until-idle --data-dir ./cases'],
    load: async () => (await import('./commands/sync-command')).run,
  },
  {
    name: 'outbox',
    summary: 'list what is waiting to be sent',
    arguments: [],
    options: {},
    json: true,
    examples: ['casefile outbox --json'],
    load: async () => (await import('./commands/outbox-command')).run,
  },
  {
    name: 'outbox retry',
    summary: 'send an item that needs attention again, at the next sync',
    arguments: [{ name: 'ID' }],
    options: {},
    json: true,
    details: ['ID: the number in the ID column of `casefile outbox`. A paused queue resumes.'],
    examples: ['casefile outbox retry 12'],
    load: async () => (await import('./commands/outbox-actions')).runRetry,
  },
  {
    name: 'outbox discard',
    summary: 'drop an outbox item and what waits behind it',
    arguments: [{ name: 'ID' }],
    options: {},
    json: true,
    details: ['A report whose create is discarded becomes a draft again: nothing it said is lost.'],
    examples: ['casefile outbox discard 12'],
    load: async () => (await import('./commands/outbox-actions')).runDiscard,
  },
  {
    name: 'outbox requeue',
    summary: 'change a refused create or update and queue it again in its place',
    arguments: [{ name: 'ID' }, { name: 'FILE.json' }],
    options: {},
    json: true,
    details: [
      'FILE.json as for `casefile update`: fields it leaves out keep their current values.',
    ],
    examples: ['casefile outbox requeue 12 fixed.json'],
    load: async () => (await import('./commands/outbox-actions')).runRequeue,
  },
  {
    name: 'search',
    summary: 'search by identifier (online, falling back to the cache)',
    arguments: [{ name: 'VALUE' }],
    options: {
      type: {
        type: 'string',
        value: 'T',
        description:
          'account, bvn, nin, drivers_license, international_passport, email, phone, account_name, social_handle',
      },
      offline: { type: 'boolean', description: 'search only the cache' },
      'all-banks': {
        type: 'boolean',
        description: 'an account number without its bank: search every bank of the list',
      },
      export: exportTo,
    },
    json: true,
    details: [
      'A phone is searched in every spelling the registry may hold (080…, +234…, 234…, 803…), an',
      'email in lower case and as typed; each result says which spelling found it. An account',
      'number without _bank is searched at every bank whose CBN code fits its check digit, and',
      'the answer names them and says how many were not searched (--all-banks searches them all).',
      "What this computer has of it is looked through at every bank: the organization's own",
      "reports and earlier searches, and reports waiting in this computer's outbox.",
    ],
    examples: [
      'casefile search --type account 0123456789_access-bank',
      'casefile search --type phone +2348031234567',
      'casefile search --type account 0123456789 --all-banks',
      'casefile search --type account 0000014579 --offline --json',
    ],
    load: async () => (await import('./commands/cache-commands')).runSearch,
  },
  {
    name: 'submissions',
    summary: "the organization's reports, from the cache",
    arguments: [],
    options: {
      refresh: { type: 'boolean', description: 'fetch what changed from the registry first' },
      limit,
      export: {
        type: 'string',
        value: 'OUT',
        description: 'write all of them to OUT (.csv or .xlsx), formulas neutralized',
      },
    },
    json: true,
    examples: ['casefile submissions --refresh --limit 10'],
    load: async () => (await import('./commands/cache-commands')).runSubmissions,
  },
  {
    name: 'banks',
    summary: 'the bank list, from the cache',
    arguments: [],
    options: { refresh: { type: 'boolean', description: 'fetch it from the registry first' } },
    json: true,
    examples: ['casefile banks --refresh'],
    load: async () => (await import('./commands/cache-commands')).runBanks,
  },
  {
    name: 'import',
    summary: 'queue the rows of a bulk spreadsheet (CSV or XLSX)',
    arguments: [{ name: 'FILE' }],
    options: {
      'dry-run': { type: 'boolean', description: 'check every row, queue nothing' },
      'as-bulk': { type: 'boolean', description: "send through the registry's bulk endpoint" },
      'rejected-out': {
        type: 'string',
        value: 'OUT',
        description: 'write the rejected rows with their reasons to OUT (.csv or .xlsx)',
      },
      'attachments-dir': {
        type: 'string',
        value: 'D',
        description: "read attachment paths from D instead of the spreadsheet's folder",
      },
    },
    json: true,
    details: [
      'Every row is queued, rejected (with its cell and how to fix it) or skipped as empty.',
      'Exits 2 when rows were rejected: fix them in OUT and import that file.',
      "Attachment paths must lead to files inside the spreadsheet's folder (or D): full paths,",
      '`..` and links out are refused. The files each row uploads are listed, in a dry run too.',
    ],
    examples: [
      'casefile import cases.xlsx --dry-run',
      'casefile import cases.csv --rejected-out to-fix.xlsx',
    ],
    load: async () => (await import('./commands/import-command')).run,
  },
  {
    name: 'screen',
    summary: 'screen a whole list (CSV, XLSX, or a .txt of one value a line) against the registry',
    arguments: [{ name: 'FILE' }],
    options: {
      map: {
        type: 'string',
        value: 'COLUMN=TYPE',
        repeatable: true,
        description:
          'what a column holds (its header or letter): account, bank, bvn, nin, phone, email, drivers_license, international_passport, account_name, social_handle, ignore; remembered for that set of headers',
      },
      out: {
        type: 'string',
        value: 'HITS.xlsx',
        description: 'write the hits (.csv or .xlsx), one line per row and report',
      },
      record: {
        type: 'string',
        value: 'RECORD.xlsx',
        description:
          'write the screening record (.csv or .xlsx): every row once, each identifier with its outcome and as of when',
      },
      'header-row': {
        type: 'string',
        value: 'N',
        description:
          'the row the column names are on (1 = the first); else found below any title rows',
      },
      bank: {
        type: 'string',
        value: 'NAME|CODE',
        description:
          "the bank of every account whose row names none (a file of one bank's accounts): its name, slug or CBN code",
      },
      rate: {
        type: 'string',
        value: 'N|auto',
        description:
          "searches a second (default 2); auto: start at 2, rise while the registry answers promptly, halve on a 429, never above the organization's --max-rate",
      },
      'fresher-than': {
        type: 'string',
        value: 'AGE',
        description:
          'reuse answers of earlier screenings younger than AGE (7d, 12h, 30m) instead of searching again; the record says which',
      },
      estimate: {
        type: 'boolean',
        description:
          'print what the run would search and how long it takes at the chosen pace, then stop',
      },
      offline: {
        type: 'boolean',
        description:
          "match against this computer's cache only (exit 3: rows are left unchecked); `screen resume` asks the registry later",
      },
    },
    json: true,
    details: [
      'Every value is read as the editor writes it (accounts as <number>_<bank-slug>, the bank by name,',
      'slug or code; phones as 080…); a cell that cannot be read is listed with its row and column.',
      'Leading zeros a number cell lost are put back where the check digit proves them. An account',
      "with no bank (and no --bank) is searched at the banks its check digit fits: 'bank guessed'.",
      "Each spelling is searched once a job, at --rate, never inside the registry's Retry-After.",
      'Before the first search an estimate (rows, identifiers, searches, time, what reuse saves) goes',
      "to stderr (--json: its `estimate`). --rate auto shares the folder's pace with the watchlist.",
      'Exits 2 when a row hit; else 3 when any row is not fully checked (partly checked, waiting for',
      'the registry, --offline, or not read), 0 when every row was checked and none hit',
      '(`casefile screen resume JOB` goes on; a run that was killed is found by `casefile screen list`).',
    ],
    examples: [
      'casefile screen customers.xlsx --out hits.xlsx --record record.xlsx',
      'casefile screen export.csv --map "Acct No=account" --map "Bank Name=bank" --map MSISDN=phone',
      'casefile screen gtbank-extract.xlsx --bank GTBank --header-row 3 --record record.xlsx',
      'casefile screen book.xlsx --rate auto --fresher-than 7d --record record.xlsx',
      'casefile screen book.xlsx --rate auto --fresher-than 7d --estimate',
    ],
    load: async () => (await import('./commands/screen-command')).run,
  },
  {
    name: 'screen list',
    summary: 'the screening jobs of this data folder',
    arguments: [],
    options: {},
    json: true,
    examples: ['casefile screen list --json'],
    load: async () => (await import('./commands/screen-command')).runList,
  },
  {
    name: 'screen show',
    summary: "a screening job's hits, rows not checked and values not read",
    arguments: [{ name: 'JOB' }],
    options: {
      out: { type: 'string', value: 'OUT', description: 'write the hits (.csv or .xlsx)' },
      record: {
        type: 'string',
        value: 'RECORD',
        description:
          'write the screening record (.csv or .xlsx): every row once, with its outcome and as of when',
      },
    },
    json: true,
    examples: [
      'casefile screen show 3 --out hits.csv',
      'casefile screen show 3 --record record.xlsx',
    ],
    load: async () => (await import('./commands/screen-command')).runShow,
  },
  {
    name: 'screen resume',
    summary: 'go on with a screening job (after a kill, --offline, or no connection)',
    arguments: [{ name: 'JOB' }],
    options: {
      rate: {
        type: 'string',
        value: 'N|auto',
        description: "searches a second from now on, or auto (the folder's pace)",
      },
    },
    json: true,
    examples: ['casefile screen resume 3 --rate 1'],
    load: async () => (await import('./commands/screen-command')).runResume,
  },
  {
    name: 'screen cancel',
    summary: 'stop a screening job for good (its answers so far are kept)',
    arguments: [{ name: 'JOB' }],
    options: {},
    json: true,
    examples: ['casefile screen cancel 3'],
    load: async () => (await import('./commands/screen-command')).runCancel,
  },
  ...WATCH_COMMANDS,
  {
    name: 'log',
    summary: 'the local log of exchanges with the registry',
    arguments: [],
    options: { limit },
    json: true,
    examples: ['casefile log --limit 20'],
    load: async () => (await import('./commands/log-command')).run,
  },
  {
    name: 'doctor',
    summary: 'check every step from this computer to the registry, for IT',
    arguments: [],
    options: {},
    json: true,
    details: [
      "The registry's name, the proxy used and how it was chosen, the certificate and which store",
      'trusted it, the bank list (no key), the key (one keyed call), the clock against the',
      "registry's, and the update feed. Never prints the key. Exit 0 when all is well, 3 otherwise.",
    ],
    examples: [
      'casefile doctor --data-dir ./cases',
      'HTTPS_PROXY=http://proxy.bank.local:8080 casefile doctor',
    ],
    load: async () => (await import('./commands/doctor-command')).run,
  },
  ...CASES_COMMANDS,
  ...CASE_COMMANDS,
]

/** `config` is only a group: `casefile config` alone asks for set or show. */
export const COMMAND_GROUPS: Readonly<Record<string, string>> = {
  key: 'Use `casefile key export --out FILE` or `casefile key import FILE`.',
  folder: 'Use `casefile folder set-aside`.',
  watch:
    'Use `casefile watch add`, `import`, `list`, `edit`, `remove`, `check`, `alerts` or `dismiss`.',
  case: 'Use `casefile case new`, `add`, `note`, `list`, `show`, `export` or `verify`.',
  config: 'Use `casefile config set --base-url URL --upload-url URL` or `casefile config show`.',
}

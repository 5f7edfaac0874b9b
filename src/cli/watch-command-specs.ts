// The `casefile watch` commands (identifiers searched again on a schedule): spread into COMMANDS.
import type { CommandSpec } from './command-line-spec'
import type * as WatchCommands from './commands/watch-commands'
import type * as AlertCommands from './commands/watch-alert-commands'

const load = (name: keyof typeof WatchCommands) => async () =>
  (await import('./commands/watch-commands'))[name]
const loadAlert = (name: keyof typeof AlertCommands) => async () =>
  (await import('./commands/watch-alert-commands'))[name]

/** What may be said of an item when it is added or changed. */
const ITEM_OPTIONS: CommandSpec['options'] = {
  note: { type: 'string', value: 'TEXT', description: 'why it is watched' },
  owner: { type: 'string', value: 'NAME', description: 'who looks after it' },
  every: {
    type: 'string',
    value: 'PERIOD',
    description: 'how often it is checked: 12h, 1d (the default), 1w; from 1h to 366d',
  },
}

export const WATCH_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'watch add',
    summary: 'watch an identifier: search it again every day, alert on what changes',
    arguments: [{ name: 'VALUE' }],
    options: {
      type: {
        type: 'string',
        value: 'T',
        description:
          'account, bvn, nin, phone, email, drivers_license, international_passport, account_name, social_handle (required)',
      },
      ...ITEM_OPTIONS,
    },
    json: true,
    details: [
      'The value is read as the editor writes it (a phone +234… as 080…; an account as <number>_<bank-slug>).',
    ],
    examples: [
      'casefile watch add --type phone "+234 803 123 4567" --note "case 114" --owner "Ada Obi"',
      'casefile watch add --type bvn 22212345678 --every 12h',
    ],
    load: load('runAdd'),
  },
  {
    name: 'watch import',
    summary: 'watch every identifier of a list (the screening template, or a type,value CSV)',
    arguments: [{ name: 'FILE' }],
    options: { ...ITEM_OPTIONS },
    json: true,
    details: [
      'Exits 1 when some rows could not be read (the others are added). The note, owner and period',
      'given are those of every item the file adds; their first checks are spread over the period.',
    ],
    examples: ['casefile watch import watch.csv --owner "Ada Obi" --every 7d'],
    load: load('runImport'),
  },
  {
    name: 'watch list',
    summary: 'the watched identifiers, when each was last checked and is next',
    arguments: [],
    options: {},
    json: true,
    examples: ['casefile watch list --json'],
    load: load('runList'),
  },
  {
    name: 'watch edit',
    summary: "change an item's note, owner or period",
    arguments: [{ name: 'ID' }],
    options: { ...ITEM_OPTIONS },
    json: true,
    details: [
      'An empty --note "" or --owner "" clears it. A new period counts from the last check.',
    ],
    examples: ['casefile watch edit 12 --owner "Tunde Bello" --every 1d'],
    load: load('runEdit'),
  },
  {
    name: 'watch remove',
    summary: 'stop watching an item (its alerts are kept)',
    arguments: [{ name: 'ID' }],
    options: {},
    json: true,
    examples: ['casefile watch remove 12'],
    load: load('runRemove'),
  },
  {
    name: 'watch check',
    summary: 'check the watched identifiers that are due (for a scheduler)',
    arguments: [],
    options: {
      all: {
        type: 'boolean',
        description:
          "check every item now, whatever the schedule and the hour's budget (not its pace)",
      },
    },
    json: true,
    details: [
      "Due items, oldest-checked first, within the hour's budget and at its pace: one check every",
      'hour / budget at most (30 s at the default 120), counting the checks of the app and other',
      "runs. Never inside the registry's Retry-After: it waits one out, up to 5 minutes in all,",
      'then stops. Exits 3 when it leaves items unchecked (saying how many), else 2 when there are',
      'new alerts, else 0; every alert it raised is printed either way.',
    ],
    examples: ['casefile watch check --json'],
    load: load('runCheck'),
  },
  {
    name: 'watch alerts',
    summary: 'the alerts not yet dismissed or escalated (--all: every one, with its state)',
    arguments: [],
    options: {
      all: { type: 'boolean', description: 'also the dismissed and escalated ones' },
    },
    json: true,
    details: [
      'Each alert in words: what changed, its state, when it was raised (Lagos time, UTC beside),',
      "a changed reason's first 80 characters before and after, and why it was dismissed or",
      'escalated.',
    ],
    examples: ['casefile watch alerts', 'casefile watch alerts --all --json'],
    load: loadAlert('runAlerts'),
  },
  {
    name: 'watch seen',
    summary: 'mark an alert seen: looked at, still to dismiss or escalate',
    arguments: [{ name: 'ALERT' }],
    options: {},
    json: true,
    examples: ['casefile watch seen 7'],
    load: loadAlert('runSeen'),
  },
  {
    name: 'watch escalate',
    summary: "escalate an alert: print its report, start a draft, or write the report's case file",
    arguments: [{ name: 'ALERT' }],
    options: {
      action: {
        type: 'string',
        value: 'open|draft|case',
        description:
          'open: search the identifier and print the report; draft: start a new report naming the identifier; case: write the case file (required)',
      },
      out: { type: 'string', value: 'FILE.zip', description: 'where --action case writes it' },
    },
    json: true,
    details: [
      "The window's Escalate… ways on, each written in the alert's log as its reason. open searches",
      "the watched identifier afresh (the registry has no fetch of another organization's report",
      "by id); draft prints the new draft's local id; case writes what `casefile case export` writes.",
      'A dismissed alert cannot be escalated; an escalated one can be followed up again.',
    ],
    examples: [
      'casefile watch escalate 7 --action open',
      'casefile watch escalate 7 --action draft',
      'casefile watch escalate 7 --action case --out case-7.zip',
    ],
    load: loadAlert('runEscalate'),
  },
  {
    name: 'watch dismiss',
    summary: 'dismiss an alert, saying why (it comes back if the report changes again)',
    arguments: [{ name: 'ALERT' }],
    options: {
      reason: { type: 'string', value: 'TEXT', description: 'why it is dismissed (required)' },
    },
    json: true,
    examples: ['casefile watch dismiss 7 --reason "known, case 114 closed"'],
    load: load('runDismiss'),
  },
  {
    name: 'watch settings',
    summary: "show or change the watchlist's settings: checks an hour, our own reports watched",
    arguments: [],
    options: {
      budget: {
        type: 'string',
        value: 'N',
        description: 'checks an hour at most, 1 to 3600 (default 120: 2,880 identifiers a day)',
      },
      'own-reports': {
        type: 'string',
        value: 'on|off',
        description: "watch every identifier of the organization's sent reports (default off)",
      },
    },
    json: true,
    details: [
      'Prints the settings, after any change. The budget is how many checks an hour the',
      "watchlist may make, one every hour / N at most, leaving the rest of the registry's",
      "allowance to the outbox and to searches (a check is one search; a phone's is seven, one",
      'per spelling: 0803…, +234803…, 234803…, 803…, +2340803…, 2340803…, 00234803…). --own-reports',
      'on adds the identifiers of every',
      'report this organization has sent (each report once; an item you remove is not added back',
      'by it), then those of each report sent later, at each `watch check` and in the app.',
    ],
    examples: [
      'casefile watch settings --budget 60',
      'casefile watch settings --own-reports on --json',
    ],
    load: load('runSettings'),
  },
]

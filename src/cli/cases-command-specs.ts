// The `casefile case new|add|note|list|show` commands (an investigation gathered into a case,
// exported with `case export CASE`): spread into COMMANDS.
import type { CommandRun, CommandSpec } from './command-line-spec'
import type * as CasesCommands from './commands/cases-commands'

type RunName = 'runNew' | 'runAdd' | 'runNote' | 'runList' | 'runShow'
const load = (name: RunName & keyof typeof CasesCommands) => async (): Promise<CommandRun> =>
  (await import('./commands/cases-commands'))[name]

export const CASES_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'case new',
    summary: 'open a case: what an investigation finds, gathered for one bundle',
    arguments: [{ name: 'TITLE' }],
    options: {
      note: {
        type: 'string',
        value: 'TEXT',
        description: 'a first note (why the case was opened)',
      },
    },
    json: true,
    details: [
      'Prints the case id (case-\u2026): give it to `case add`, `case note`, `case show` and',
      '`case export`. The title is one line of at most 200 characters.',
    ],
    examples: [
      'casefile case new "Mule network around 0123456789" --note "Two complaints on 3 March"',
      'CASE=$(casefile case new "Loan app scam")',
    ],
    load: load('runNew'),
  },
  {
    name: 'case add',
    summary: 'add a report, a search (run now) or a watch alert to a case',
    arguments: [{ name: 'CASE' }],
    options: {
      report: {
        type: 'string',
        value: 'ID',
        description: "a report's registry id: the organization's or one a search found",
      },
      search: {
        type: 'string',
        value: 'VALUE',
        description: 'search the registry now (with --type)',
      },
      type: {
        type: 'string',
        value: 'T',
        description:
          'what --search is: account, bvn, nin, drivers_license, international_passport, email, phone, account_name, social_handle',
      },
      alert: {
        type: 'string',
        value: 'N',
        description: 'a watch alert, as `watch alerts` numbers it',
      },
    },
    json: true,
    details: [
      'One of --report, --search or --alert. A search is run now, and the case keeps the',
      "registry's answer as its bytes came, with the request (never the API key), the time on the",
      "registry's clock and the certificate its connection showed; the reports it found are saved",
      'on this computer, so another organization\u2019s can then be added with --report. An alert is',
      'kept as it was raised. Items stay in the order added; none is ever removed.',
    ],
    examples: [
      'casefile case add case-3f9a0c2b71 --report 6650f0c2',
      'casefile case add case-3f9a0c2b71 --search 08031234567 --type phone',
      'casefile case add case-3f9a0c2b71 --alert 12',
    ],
    load: load('runAdd'),
  },
  {
    name: 'case note',
    summary: "add the investigator's note to a case",
    arguments: [{ name: 'CASE' }, { name: 'TEXT' }],
    options: {},
    json: true,
    examples: ['casefile case note case-3f9a0c2b71 "The phone on both reports is the same SIM."'],
    load: load('runNote'),
  },
  {
    name: 'case list',
    summary: 'the cases of this data folder, newest first',
    arguments: [],
    options: {},
    json: true,
    examples: ['casefile case list'],
    load: load('runList'),
  },
  {
    name: 'case show',
    summary: "a case's items in order, and its exports",
    arguments: [{ name: 'CASE' }],
    options: {},
    json: true,
    details: [
      '--json prints { id, title, createdAt, items: [{ kind, position, addedAt, \u2026 }],',
      'exports: [{ at, fingerprint, file, by }] }; a search item has its request, answeredAt,',
      'answerSha256 and certificateSha256 (null over plain http), an alert item the alert as raised.',
    ],
    examples: ['casefile case show case-3f9a0c2b71 --json'],
    load: load('runShow'),
  },
]

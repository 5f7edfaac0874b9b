// The `casefile case` commands (a report made into a case file, and its check): spread into COMMANDS.
import type { CommandSpec } from './command-line-spec'

export const CASE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'case export',
    summary: 'make a case file (zip) of a report, for the police or a court',
    arguments: [{ name: 'ID' }],
    options: {
      out: { type: 'string', value: 'FILE.zip', description: 'where to write it (required)' },
    },
    json: true,
    details: [
      "ID is a report's registry id: one of the organization's submissions (decoded by the",
      'registry now) or a report found by a search (the copy saved on this computer).',
      'The zip holds case.pdf, the registry\u2019s answer, the attachments as fetched from their',
      'links (this computer\u2019s sealed copies where a link cannot be reached), retrieval-log.json,',
      'SHA256SUMS over all of these, and a section 84 certificate template (PDF and ODT) that',
      'lists them and states the fingerprint of SHA256SUMS (its SHA-256).',
      'ID may be a case (case-…, from `case new`): one zip of every item of the case, in order.',
    ],
    examples: [
      'casefile case export 6650f0c2 --out case-6650f0c2.zip',
      'casefile case export case-3f9a0c2b71 --out mule-network.zip',
    ],
    load: async () => (await import('./commands/case-commands')).runExport,
  },
  {
    name: 'case verify',
    summary: 'check every file of a case file against its SHA256SUMS and its certificate',
    arguments: [{ name: 'FILE.zip' }],
    options: {},
    json: true,
    details: [
      'Says which file changed, was added or is missing, and which hash the certificate or the',
      'retrieval log states that the files do not bear out; exits 2 when any, or when the zip is',
      'refused as hostile (a name outside the zip or read two ways, a symlink, twin names, an',
      'entry too large, a zip bomb); 1 when it is not a zip. Prints the fingerprint (the SHA-256',
      'of SHA256SUMS): the case file is the certified one only when it is the one on the signed',
      'certificate. Without Casefile: unzip, `sha256sum SHA256SUMS`, `sha256sum -c SHA256SUMS`.',
    ],
    examples: ['casefile case verify case-6650f0c2.zip'],
    load: async () => (await import('./commands/case-commands')).runVerify,
  },
]

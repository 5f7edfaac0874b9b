// The `casefile case` commands (a report made into a case file, and its check): spread into COMMANDS.
import type { CommandSpec } from './command-line-spec'

export const CASE_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'case export',
    summary: 'make a case file (zip) of a report, for the police or a court',
    arguments: [{ name: 'ID' }],
    options: {
      out: { type: 'string', value: 'FILE.zip', description: 'where to write it (required)' },
      sign: {
        type: 'string',
        value: 'FILE.p12|kept',
        description:
          'sign SHA256SUMS (SHA256SUMS.p7s) with a PKCS#12 file, or with the key `signing-key create` kept',
      },
      'sign-pass-env': {
        type: 'string',
        value: 'VAR',
        description: "the environment variable holding the PKCS#12 file's password",
      },
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
      'With --sign, SHA256SUMS.p7s: a detached CMS signature over SHA256SUMS that',
      '`openssl cms -verify -binary -inform DER -content SHA256SUMS -in SHA256SUMS.p7s',
      '-CAfile ORG-CA.pem` accepts. Without it the case file is unsigned, and says so.',
    ],
    examples: [
      'casefile case export 6650f0c2 --out case-6650f0c2.zip',
      'casefile case export case-3f9a0c2b71 --out mule-network.zip',
      'casefile case export 6650f0c2 --out case-6650f0c2.zip --sign kept',
      'CASE_P12_PASS=… casefile case export 6650f0c2 --out c.zip --sign org.p12 --sign-pass-env CASE_P12_PASS',
    ],
    load: async () => (await import('./commands/case-commands')).runExport,
  },
  {
    name: 'case verify',
    summary: 'check every file of a case file against its SHA256SUMS and its certificate',
    arguments: [{ name: 'FILE.zip' }],
    options: {
      ca: {
        type: 'string',
        value: 'CERT.pem',
        description: "the organization's certificate: the signature must be by it or one it issued",
      },
      fingerprint: {
        type: 'string',
        value: 'HEX',
        description: 'the fingerprint on the signed certificate, to compare with this SHA256SUMS',
      },
    },
    json: true,
    details: [
      'Says which file changed, was added or is missing, and which hash the certificate or the',
      'retrieval log states that the files do not bear out; exits 2 when any, or when the zip is',
      'refused as hostile (a name outside the zip or read two ways, a symlink, twin names, an',
      'entry too large, a zip bomb); 1 when it is not a zip. Prints the fingerprint (the SHA-256',
      'of SHA256SUMS): the case file is the certified one only when it is the one on the signed',
      'certificate. Without Casefile: unzip, `sha256sum SHA256SUMS`, `sha256sum -c SHA256SUMS`.',
      'Checks SHA256SUMS.p7s against SHA256SUMS; with --ca, that it was signed with that',
      'certificate or one it issued (exit 2 if not, or if the case file is unsigned); with',
      '--fingerprint, that SHA256SUMS is the one whose fingerprint is on the signed paper.',
    ],
    examples: [
      'casefile case verify case-6650f0c2.zip',
      'casefile case verify case-6650f0c2.zip --ca ORG-CA.pem --fingerprint 3f7a…',
    ],
    load: async () => (await import('./commands/case-commands')).runVerify,
  },
]

export const SIGNING_COMMANDS: readonly CommandSpec[] = [
  {
    name: 'signing-key create',
    summary: "make the organization's self-signed signing key for case files",
    arguments: [],
    options: {
      name: {
        type: 'string',
        value: 'TEXT',
        description: 'the certificate\'s name, e.g. "Lagoon MFB \u2014 fraud case files"',
      },
      'out-cert': {
        type: 'string',
        value: 'FILE.pem',
        description: 'also write the certificate (PEM) for those who check the case files',
      },
      replace: { type: 'boolean', description: 'replace the key kept for this data folder' },
    },
    json: true,
    details: [
      'For an organization without a PKI: an RSA key and a self-signed certificate (ten years),',
      'the key kept in the OS keychain (or, without one, in signing-key.json in the data folder,',
      'readable by you only). Prints the certificate\u2019s SHA-256 fingerprint: read it to',
      'recipients by another channel, with the PEM from --out-cert, so that they can check',
      'case files signed with `case export --sign kept` (`case verify --ca`, `openssl cms`).',
    ],
    examples: ['casefile signing-key create --name "Lagoon MFB fraud desk" --out-cert ORG-CA.pem'],
    load: async () => (await import('./commands/signing-commands')).runSigningKeyCreate,
  },
]

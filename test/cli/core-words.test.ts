// The core's problems in the CLI's words (src/cli/core-words.ts): the same sentences the core
// itself said before issue 39 moved them out of it, byte for byte.
import { describe, expect, it } from 'vitest'
import { CliError } from '../../src/cli/cli-error'
import {
  connectionFileSaid,
  folderGoneSaid,
  folderKeySaid,
  inputErrorSaid,
  mapArgument,
  problemSaid,
  signingKeyErrorSaid,
} from '../../src/cli/core-words'
import { fingerprintSaid, signatureSaid } from '../../src/cli/case-file-words'
import { networkRefusalSaid, pauseSaid } from '../../src/cli/network-words'
import { PROXY_ASKS_REFUSAL, UNTRUSTED_REFUSAL } from '../support/network-refusals'
import { describeFailure } from '../../src/cli/describe-failure'
import { classifyHttpFailure } from '../../src/core/registry/classify-failure'
import {
  fingerprintProblem,
  fingerprintWords,
  type SignatureVerdict,
} from '../../src/core/case-file/verify-signature'
import { ConnectionFileError } from '../../src/core/data-folder'
import { FolderKeyError } from '../../src/core/encryption/folder-key'
import { InputError, notFound } from '../../src/core/input-error'
import { describeNetworkRefusal, needsCaFile } from '../../src/core/network/network-failure'
import { SigningKeyError } from '../../src/core/signing/signing-key'
import { describeStorageFailure, FolderGoneError } from '../../src/core/store/storage-failure'
import { folderStorageFailure } from '../../src/cli/folder-failure'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

describe("the core's problems in the CLI's words", () => {
  it('name the command that lists what was not found', () => {
    expect(problemSaid(notFound('case', 'case-0000000000')[1])).toBe(
      'No case case-0000000000 in this data folder: `casefile case list` lists them.',
    )
    expect(problemSaid(notFound('watch_alert', 4)[1])).toBe(
      'No watch alert 4 in this data folder: `casefile watch alerts --all` lists them.',
    )
    expect(problemSaid(notFound('screening_job', 7)[1])).toBe(
      'There is no screening job 7 in this folder; `casefile screen list` shows them.',
    )
    expect(problemSaid(notFound('watched_item', 7)[1])).toBe(
      'No watched item 7: `casefile watch list` lists them.',
    )
    expect(problemSaid(notFound('alert', 7)[1])).toBe(
      'No alert 7: `casefile watch alerts` lists them.',
    )
  })

  it('name the options that fix the rest', () => {
    expect(problemSaid({ code: 'report_not_found', id: 'r1' })).toMatch(
      /add the search that finds it first \(case add CASE --search VALUE --type T\)\.$/,
    )
    expect(problemSaid({ code: 'bank_name_without_list' })).toMatch(/`casefile banks --refresh`/)
    expect(problemSaid({ code: 'unknown_bank', written: 'Zenit' })).toMatch(
      /\(casefile banks lists them\)\.$/,
    )
    expect(problemSaid({ code: 'header_row_empty', row: 3 })).toBe(
      'Row 3 of the sheet is empty or not there: give the row the column names are on (--header-row N).',
    )
    expect(
      problemSaid({
        code: 'no_such_column',
        written: 'Phone=phone',
        name: 'Phone',
        columns: [{ letter: 'A', name: 'Ref' }],
      }),
    ).toBe('--map Phone=phone: the sheet has no column "Phone". Its columns: A "Ref".')
  })

  it("keep the core's own message where it has no problem, and refuse a --map with no column", () => {
    const [message, problem] = notFound('case', 'case-1')
    expect(message).not.toMatch(/casefile|--/)
    expect(inputErrorSaid(new InputError('The note is empty.'))).toBe('The note is empty.')
    expect(inputErrorSaid(new InputError(message, problem))).toMatch(/casefile case list/)
    expect(mapArgument('x.csv', 'Ref=bvn')).toEqual({
      column: 'Ref',
      type: 'bvn',
      written: 'Ref=bvn',
    })
    expect(() => mapArgument('x.csv', 'phone')).toThrow(CliError)
    expect(() => mapArgument('x.csv', 'phone')).toThrow(
      'x.csv: --map phone: write COLUMN=TYPE, e.g. --map "Phone No=phone".',
    )
  })
})

describe("the core's other errors and verdicts in the CLI's words", () => {
  it('name the command that rewrites connection.json, lists the reports, or opens the folder', () => {
    const broken = new ConnectionFileError('/d/connection.json is not valid JSON.')
    expect(broken.message).not.toMatch(/casefile|--/)
    expect(connectionFileSaid(broken)).toBe(
      '/d/connection.json is not valid JSON. Run `casefile config set --base-url URL --upload-url URL` again to rewrite it.',
    )
    const gone = new FolderGoneError('/d')
    expect(gone.message).not.toMatch(/casefile|--/)
    expect(folderGoneSaid(gone)).toBe(
      'The data folder /d was deleted, moved or replaced while Casefile was using it, so Casefile stopped: what it did since then is not recorded anywhere. ' +
        'Reports it sent before are on the registry (`casefile submissions --refresh` lists them). Put the folder back, or choose another, and run the command again.',
    )
    const noIdentity = new SigningKeyError(
      'The data folder has no identity yet: open it once before making a signing key.',
      'no_folder_identity',
    )
    expect(signingKeyErrorSaid(noIdentity)).toBe(
      'The data folder has no identity yet: open it once (casefile config show) before making a signing key.',
    )
    expect(signingKeyErrorSaid(new SigningKeyError('x', 'pkcs12_password'))).toBe(
      'The PKCS#12 file does not open with the password given: check the password (given in the environment variable named by --sign-pass-env).',
    )
    expect(signingKeyErrorSaid(new SigningKeyError('The file is not a certificate.'))).toBe(
      'The file is not a certificate.',
    )
  })

  it('name --db-key-file where a folder key must be given by hand', () => {
    const why =
      'Casefile keeps each data folder’s key in the OS keychain, and none can be used here'
    const error = new FolderKeyError('no-keychain', 'neutral', `${why} (locked)`)
    expect(folderKeySaid(error)).toBe(
      `${why} (locked): give the key yourself in CASEFILE_DB_KEY or with --db-key-file (64 hexadecimal digits, for instance from: openssl rand -hex 32), and keep it safe: without it the folder cannot be read.`,
    )
    expect(folderKeySaid(new FolderKeyError('wrong', 'Wrong key.'))).toBe('Wrong key.')
  })

  it('name --ca and --fingerprint in what case verify says', () => {
    const signer = {
      subject: 'CN=Lagoon',
      fingerprint: 'ab'.repeat(32),
      validFrom: '2025-01-01T00:00:00.000Z',
      validTo: '2035-01-01T00:00:00.000Z',
    }
    const verdict = (v: Partial<SignatureVerdict>): SignatureVerdict => ({
      ok: true,
      problem: null,
      message: 'neutral',
      signer,
      againstCa: false,
      ...v,
    })
    expect(signatureSaid(verdict({}))).toBe(
      `Signed by CN=Lagoon (certificate fingerprint ${'ab'.repeat(32)}); give the organization's certificate with --ca to check it is theirs.`,
    )
    expect(signatureSaid(verdict({ againstCa: true }))).toBe(
      'Signed by CN=Lagoon, with the certificate given with --ca or one it issued.',
    )
    expect(signatureSaid(verdict({ ok: false, problem: 'not-from-ca', againstCa: true }))).toBe(
      'The signature is by CN=Lagoon, whose certificate is not the one given with --ca nor issued by it: this case file was not signed by that organization.',
    )
    expect(
      signatureSaid(verdict({ ok: false, problem: 'unsigned', signer: null, againstCa: true })),
    ).toBe(
      'This case file is unsigned (it has no SHA256SUMS.p7s), so it cannot be checked against the certificate given with --ca.',
    )
    expect(
      signatureSaid(verdict({ ok: false, problem: 'no-ca', signer: null, againstCa: true })),
    ).toBe(
      'The file given with --ca is not a certificate (PEM or DER), so the signature was not checked against it.',
    )
    expect(signatureSaid(verdict({ ok: false, problem: 'bad-signature' }))).toBe('neutral')
    const actual = 'cd'.repeat(32)
    const differs = fingerprintProblem('AB:'.repeat(31) + 'AB', actual)
    expect(differs).toEqual({ code: 'differs', given: 'ab'.repeat(32), actual })
    expect(fingerprintWords(differs!)).not.toMatch(/--/)
    expect(fingerprintSaid(differs!)).toBe(
      `The fingerprint given (--fingerprint ${'ab'.repeat(32)}) is not this case file's (${actual}): this is not the case file whose fingerprint is on the signed paper.`,
    )
    expect(fingerprintSaid(fingerprintProblem('12', actual)!)).toBe(
      'The fingerprint given (--fingerprint) is not 64 hexadecimal digits, so it was not compared.',
    )
    expect(fingerprintProblem(actual.toUpperCase(), actual)).toBeNull()
  })

  it("name config set --ca-file where the registry's certificate is not trusted", () => {
    const refusal = UNTRUSTED_REFUSAL
    expect(describeNetworkRefusal(refusal)).not.toMatch(/casefile|--/)
    expect(networkRefusalSaid(refusal)).toBe(
      "The registry's certificate (registry.bank.example) was issued by \"Bank Inspection Root\", which this computer does not trust. A bank's network that inspects secure connections re-signs them with its own root certificate. Ask IT for your organization's root certificate and set it with `casefile config set --ca-file FILE`. Nothing was sent.",
    )
    expect(networkRefusalSaid({ ...refusal, problem: 'self_signed' })).toBe(
      'The registry\'s certificate (registry.bank.example) is self-signed ("CN=registry.bank.example"): no authority vouches for it, so Casefile does not trust it. If IT says this is your registry, ask them for that certificate and set it with `casefile config set --ca-file FILE`. Nothing was sent.',
    )
    expect(needsCaFile(refusal)).toBe(true)
    expect(needsCaFile({ ...refusal, problem: 'expired' })).toBe(false)
  })

  it("name HTTPS_PROXY where a proxy wants its user name and password, and no window's control", () => {
    const asks = PROXY_ASKS_REFUSAL
    expect(networkRefusalSaid(asks)).toBe(
      'The proxy at proxy.bank.local:8080 asks for a user name and password (Basic). Give them in HTTPS_PROXY as http://user:password@host:port, with @ written %40. Sending is paused until then; queued work is kept.',
    )
    expect(networkRefusalSaid({ ...asks, hadCredentials: true })).toBe(
      'The proxy at proxy.bank.local:8080 refused its user name and password. Set the right ones in HTTPS_PROXY as http://user:password@host:port, with @ written %40. Sending is paused until then; queued work is kept and goes out once they are fixed.',
    )
    // The core's own words name neither front's place: not Settings, not an option.
    expect(describeNetworkRefusal(asks)).not.toMatch(/Settings →|casefile |--/)
    expect(describeNetworkRefusal(asks)).toMatch(
      /proxy at proxy\.bank\.local:8080 asks for a user name and password/,
    )
  })

  it('name CASEFILE_API_KEY where the registry refused the key or none is set, and no window place', () => {
    const refused = classifyHttpFailure('GET /api/v1/external/reports/mine', {
      status: 401,
      headers: {},
      body: '',
    })
    // The core names no front's place.
    expect(refused.message).not.toMatch(/Settings|CASEFILE_API_KEY/)
    const said = describeFailure(refused)
    expect(said.message).toMatch(
      /refused the API key; the queue waits until a valid one is given.* Set the key in CASEFILE_API_KEY or in the app's Settings\.$/,
    )
    expect(said.exitCode).toBe(4)
    expect(
      pauseSaid({ reason: 'unauthorized', message: refused.message, since: 1 }).message,
    ).toContain('CASEFILE_API_KEY')
  })

  it('say a full disk with the command run again, where the core says only to try again', () => {
    const full = Object.assign(new Error('disk full'), { code: 'SQLITE_FULL' })
    const dataDir = mkdtempSync(join(tmpdir(), 'casefile-words-'))
    try {
      const neutral = describeStorageFailure(full, dataDir)
      expect(neutral).toMatch(/Free some space (or raise the limit, )?and try again\./)
      expect(neutral).not.toMatch(/run the command/)
      expect(folderStorageFailure(full, dataDir)?.message).toMatch(
        /Free some space (or raise the limit, )?and run the command again\./,
      )
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

import type { ConnectionFileError } from '../core/data-folder'
import type { FolderKeyError } from '../core/encryption/encryption'
import type { InputError, InputProblem, NotFoundWhat } from '../core/input-error'
import type { SigningKeyError } from '../core/signing/signing'
import type { FolderGoneError } from '../core/store/store'
import { CliError } from './cli-error'

/**
 * The core's problems (InputError's code and facts) in the CLI's words: the commands that list
 * what was looked up, the options that fix it. The one place the CLI words them; the core's own
 * message names no command or option, and a window words them with its controls.
 */
export function problemSaid(problem: InputProblem): string {
  switch (problem.code) {
    case 'not_found':
      return notFoundSaid(problem.what, problem.id)
    case 'report_not_found':
      return `No report ${problem.id} among the organization's reports, and no search on this computer found it: add the search that finds it first (case add CASE --search VALUE --type T).`
    case 'not_a_case_id':
      return `\u201c${problem.written}\u201d is not a case id (case ids are written case-\u2026): \`casefile case list\` lists them.`
    case 'unknown_bank':
      return `Bank "${problem.written}" is not in the bank list: give the bank's name as the list has it, its slug or its CBN code (casefile banks lists them).`
    case 'bank_name_without_list':
      return 'No bank list is saved on this computer yet, so the bank\u2019s name cannot be read: connect and refresh it (`casefile banks --refresh`, or Refresh the bank list in the window), or write the bank as its slug, as in 0123456789_zenith-bank.'
    case 'unknown_column_type':
      return `--map ${problem.written}: "${problem.type}" is not a type; use one of ${problem.types.join(', ')}.`
    case 'no_such_column':
      return `--map ${problem.written}: the sheet has no column "${problem.name}". Its columns: ${problem.columns.map((c) => `${c.letter} "${c.name}"`).join(', ')}.`
    case 'header_row_empty':
      return `Row ${problem.row} of the sheet is empty or not there: give the row the column names are on (--header-row N).`
    case 'no_bank_list':
      return problem.bank === undefined
        ? "The bank list is not on this computer yet, so the accounts' banks cannot be read: refresh it (casefile banks --refresh, or connect once) and screen again."
        : `The bank list is not on this computer yet, so "${problem.bank}" cannot be read as a bank: refresh it (casefile banks --refresh, or connect once) and screen again.`
    case 'no_identifier_column': {
      const { columns, headerRow } = problem
      return `No column says which identifier it holds. Map them, e.g. --map "${columns[0]?.name ?? 'A'}=phone". Columns: ${columns.map((c) => `${c.letter} "${c.name}"`).join(', ')}. Types: account (with a bank column, or --bank for a file of one bank), bvn, nin, phone, email, drivers_license, international_passport, account_name, social_handle.${headerRow > 1 ? ` The column names were read from row ${headerRow}; --header-row N names another row.` : ''}`
    }
  }
}

function notFoundSaid(what: NotFoundWhat, id: string): string {
  switch (what) {
    case 'case':
      return `No case ${id} in this data folder: \`casefile case list\` lists them.`
    case 'watch_alert':
      return `No watch alert ${id} in this data folder: \`casefile watch alerts --all\` lists them.`
    case 'screening_job':
      return `There is no screening job ${id} in this folder; \`casefile screen list\` shows them.`
    case 'watched_item':
      return `No watched item ${id}: \`casefile watch list\` lists them.`
    case 'alert':
      return `No alert ${id}: \`casefile watch alerts\` lists them.`
  }
}

/**
 * `--map COLUMN=TYPE` read apart: the column (a header or a letter) and its type, which the core
 * checks against the sheet; refused, after `file: `, when there is no COLUMN before an `=`.
 */
export function mapArgument(
  file: string,
  argument: string,
): { column: string; type: string; written: string } {
  const at = argument.lastIndexOf('=')
  if (at <= 0)
    throw new CliError(
      `${file}: --map ${argument}: write COLUMN=TYPE, e.g. --map "Phone No=phone".`,
    )
  return { column: argument.slice(0, at), type: argument.slice(at + 1), written: argument }
}

/** An InputError as the CLI says it: its problem in the CLI's words, else its message. */
export function inputErrorSaid(error: InputError): string {
  return error.problem ? problemSaid(error.problem) : error.message
}

/** connection.json that cannot be used: what is wrong with it, and the command that rewrites it. */
export function connectionFileSaid(error: ConnectionFileError): string {
  return `${error.wrong} Run \`casefile config set --base-url URL --upload-url URL\` again to rewrite it.`
}

/** A signing key that cannot be used, with the command or option that fixes it. */
export function signingKeyErrorSaid(error: SigningKeyError): string {
  switch (error.problem) {
    case 'no_folder_identity':
      return 'The data folder has no identity yet: open it once (casefile config show) before making a signing key.'
    case 'pkcs12_password':
      return 'The PKCS#12 file does not open with the password given: check the password (given in the environment variable named by --sign-pass-env).'
    case undefined:
      return error.message
  }
}

/** A data folder gone while in use, with the command that lists what was sent before. */
export function folderGoneSaid(error: FolderGoneError): string {
  return `${error.stopped} Reports it sent before are on the registry (\`casefile submissions --refresh\` lists them). Put the folder back, or choose another, and run the command again.`
}

/** A data folder's key that cannot be kept: where to give it, the CLI's --db-key-file among them. */
export function folderKeySaid(error: FolderKeyError): string {
  return error.keyToGive === undefined
    ? error.message
    : `${error.keyToGive}: give the key yourself in CASEFILE_DB_KEY or with --db-key-file (64 hexadecimal digits, for instance from: openssl rand -hex 32), and keep it safe: without it the folder cannot be read.`
}

/**
 * What a person asked for cannot be done as asked, as the core says it to every front: which
 * problem (`code`) and its facts, never the words of one front. The message is neutral (no
 * command, option or button), so a window may show it as it is; the CLI words each code with
 * its commands and options (`src/cli/core-words.ts`), the window with its own controls.
 */
/** What was looked up: `watch_alert` is an alert named from a case, `alert` in the watchlist. */
export type NotFoundWhat = 'case' | 'screening_job' | 'watched_item' | 'alert' | 'watch_alert'

export type InputProblem =
  /** A number or id asked for is not in this data folder. */
  | { code: 'not_found'; what: NotFoundWhat; id: string }
  /** A report to add to a case that neither the registry nor a search on this computer knows. */
  | { code: 'report_not_found'; id: string }
  /** What was given as a case id is not written as one (case-…). */
  | { code: 'not_a_case_id'; written: string }
  /** A bank named that the bank list does not have. */
  | { code: 'unknown_bank'; written: string }
  /** An account's bank written by name, with no bank list on this computer to read it. */
  | { code: 'bank_name_without_list' }
  /** A column given a type that is none: `written` as the person wrote the column and type. */
  | { code: 'unknown_column_type'; written: string; type: string; types: readonly string[] }
  /** A column given a type that the sheet does not have, by header or letter. */
  | {
      code: 'no_such_column'
      written: string
      name: string
      columns: readonly { letter: string; name: string }[]
    }
  /** The row said to hold the column names is empty or not there. */
  | { code: 'header_row_empty'; row: number }
  /** No bank list saved: `bank` the bank named for the whole file, else the accounts' banks. */
  | { code: 'no_bank_list'; bank?: string }
  /** No column mapped to an identifier: the sheet's columns, and the row they were read from. */
  | {
      code: 'no_identifier_column'
      columns: readonly { letter: string; name: string }[]
      headerRow: number
    }

/**
 * A job, item or alert number that is not in this folder, a list that cannot be read as it is.
 * The message says what to do; the CLI answers it with exit 1 (bad usage or input), never as a
 * bug. Each feature's own kind extends it (ScreeningInputError, WatchInputError), so a lookup
 * anywhere is answered the same way. `problem` is set where a front words it itself.
 */
export class InputError extends Error {
  override name = 'InputError'
  constructor(
    message: string,
    readonly problem?: InputProblem,
  ) {
    super(message)
  }
}

/** An id or number asked for that this data folder does not have: the neutral words and facts. */
export function notFound(what: NotFoundWhat, id: string | number): [string, InputProblem] {
  const said = {
    case: `No case ${id} in this data folder.`,
    screening_job: `There is no screening job ${id} in this folder.`,
    watched_item: `No watched item ${id}.`,
    alert: `No alert ${id}.`,
    watch_alert: `No watch alert ${id} in this data folder.`,
  }[what]
  return [said, { code: 'not_found', what, id: String(id) }]
}

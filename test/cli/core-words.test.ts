// The core's problems in the CLI's words (src/cli/core-words.ts): the same sentences the core
// itself said before issue 39 moved them out of it, byte for byte.
import { describe, expect, it } from 'vitest'
import { CliError } from '../../src/cli/cli-error'
import { inputErrorSaid, mapArgument, problemSaid } from '../../src/cli/core-words'
import { InputError, notFound } from '../../src/core/input-error'

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

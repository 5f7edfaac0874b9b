import type { OutputProblem } from '../core/spreadsheet/index'

/** What a command was going to write to OUT, and what it reads, in the words of its message. */
export interface OutputWords {
  /** 'the rejected rows', 'the hits', 'the screening record' */
  what: string
  /** 'the spreadsheet being imported', 'the list being screened' */
  input: string
}

/** Why OUT may not be written (the core's checkOutputFile), in the CLI's words. */
export function describeOutputProblem(problem: OutputProblem, words: OutputWords): string {
  const { out } = problem
  switch (problem.code) {
    case 'not_a_spreadsheet_name':
      return `${out}: give a file name ending in .csv or .xlsx for ${words.what}.`
    case 'is_a_folder':
      return `${out} is a folder; give a file name ending in ${problem.ext}.`
    case 'is_an_input':
      return `${out} is ${words.input}: writing ${words.what} there would replace it. Give another file, for example ${problem.instead}.`
    case 'no_such_folder':
      return `${out} cannot be written: the folder ${problem.folder} does not exist. Create it or choose another place.`
    case 'folder_is_a_file':
      return `${out} cannot be written: ${problem.folder} is a file, not a folder.`
    case 'not_writable':
      return `${out} cannot be written: permission denied. Choose a folder you can write to.`
  }
}

import { create } from 'zustand'
import {
  MAX_CASE_NOTE,
  MAX_CASE_TITLE,
  type CaseAddSource,
  type CaseSummary,
  type CaseView,
} from '../../../../shared/contracts/cases'
import type { IpcResult } from '../../../../shared/ipc-result'
import { messageOf } from '../../api'
import { signedWords } from '../../components/signed-words'
import { casesApi, type CaseVerifyAnswer } from './cases-api'

/** What an action came to, in words: green when it went, red when refused. */
export interface Said {
  ok: boolean
  text: string
}

/** Where an item goes: a case of the list, or a new one by its title. */
export type CaseTarget = { caseId: string } | { title: string }

/** What the window saw of a report it added, to name it when the core keeps no copy's words. */
export type ReportAbout = NonNullable<
  Extract<CaseView['items'][number], { kind: 'report' }>['about']
>

type CaseAnswer = IpcResult<{ ok: true; case: CaseView } | { ok: false; message: string }>

interface CasesState {
  /** Every case of the data folder, newest first (null until asked). */
  cases: CaseSummary[] | null
  listProblem: string | null
  /**
   * Reports added from this window, as their details showed them: the words for a report item
   * whose `about` the core did not give (kept for this session only).
   */
  seen: Record<string, ReportAbout>
  /** The case open on the screen. */
  opened: CaseView | null
  openProblem: string | null
  load: () => Promise<void>
  open: (caseId: string) => Promise<void>
  close: () => void
  /** A new case; resolves what happened in words, and the case when made. */
  create: (title: string, note?: string) => Promise<Said & { case?: CaseView }>
  /** Adds a report, a search (run now) or an alert to a case, a new one if a title is given. */
  add: (
    target: CaseTarget,
    source: CaseAddSource,
    what: string,
    about?: ReportAbout,
  ) => Promise<Said & { caseTitle?: string }>
  note: (caseId: string, text: string) => Promise<Said>
  /** The case's bundle, made by the core where the person chose in main's dialog; signed or not, said. */
  exportCase: (caseId: string) => Promise<Said | null>
  verify: (fileName: string, bytes: Uint8Array<ArrayBuffer>) => Promise<VerifyWords>
}

/** A title as the core takes it, or why not (said before anything is sent). */
export function titleProblem(title: string): string | null {
  const trimmed = title.trim()
  if (!trimmed) return 'Give the case a title: what the investigation is about.'
  if (trimmed.length > MAX_CASE_TITLE)
    return `A case’s title is at most ${MAX_CASE_TITLE} characters; this one has ${trimmed.length}.`
  return null
}

/** The case an answer carries, or the refusal in words. */
function caseOf(answer: CaseAnswer): { case: CaseView } | { problem: string } {
  if (!answer.ok) return { problem: answer.error.message }
  if (!answer.value.ok) return { problem: answer.value.message }
  return { case: answer.value.case }
}

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`

/** What a check of a zip came to, in words: a headline, then what is wrong file by file. */
export interface VerifyWords {
  ok: boolean
  headline: string
  lines: string[]
  fingerprint: string | null
}

export function verifyWords(fileName: string, answer: IpcResult<CaseVerifyAnswer>): VerifyWords {
  if (!answer.ok)
    return {
      ok: false,
      headline: `${fileName} was not checked: ${answer.error.message}`,
      lines: [],
      fingerprint: null,
    }
  const value = answer.value
  if (!value.ok)
    return {
      ok: false,
      headline: `${fileName} was not checked: ${value.message}`,
      lines: [],
      fingerprint: null,
    }
  const listed = value.files.filter((f) => f.verdict !== 'certificate' && f.verdict !== 'signature')
  if (value.intact)
    return {
      ok: true,
      headline: `${fileName} is as it was made: all ${listed.length} files match its SHA256SUMS, and nothing it states about itself is contradicted.`,
      lines: [value.signature.message],
      fingerprint: value.fingerprint,
    }
  const named = (verdict: string, words: string) => {
    const names = value.files.filter((f) => f.verdict === verdict).map((f) => f.name)
    return names.length ? [`${words}: ${names.join(', ')}.`] : []
  }
  return {
    ok: false,
    headline: `${fileName} is not as it was made: do not rely on it.`,
    lines: [
      ...named('changed', 'Changed since it was made'),
      ...named('missing', 'Missing'),
      ...named('added', 'Added, not listed in SHA256SUMS'),
      ...value.disagreements,
      value.signature.message,
    ],
    fingerprint: value.fingerprint,
  }
}

/** The Cases screen's state, and the "Add to a case" of other screens, asked of the core. */
export const useCasesStore = create<CasesState>((set, get) => {
  /** A case changed: the list again, and the open case if it is the one. */
  const changed = (view: CaseView) => {
    if (get().opened?.id === view.id) set({ opened: view })
    void get().load()
  }
  return {
    cases: null,
    listProblem: null,
    seen: {},
    opened: null,
    openProblem: null,
    load: async () => {
      const answer = await casesApi().caseList()
      if (answer.ok) set({ cases: answer.value, listProblem: null })
      else set({ listProblem: answer.error.message })
    },
    open: async (caseId) => {
      const got = caseOf(await casesApi().caseShow({ caseId }))
      if ('case' in got) set({ opened: got.case, openProblem: null })
      else set({ openProblem: got.problem })
    },
    close: () => set({ opened: null, openProblem: null }),
    create: async (title, note) => {
      const problem = titleProblem(title)
      if (problem) return { ok: false, text: problem }
      const got = caseOf(
        await casesApi().caseNew({
          title: title.trim(),
          ...(note?.trim() ? { note: note.trim() } : {}),
        }),
      )
      if ('problem' in got) return { ok: false, text: `No case was made: ${got.problem}` }
      changed(got.case)
      return { ok: true, text: `Case “${got.case.title}” made.`, case: got.case }
    },
    add: async (target, source, what, about) => {
      if (source.kind === 'report' && about)
        set({ seen: { ...get().seen, [source.reportId]: about } })
      try {
        let caseId: string
        if ('title' in target) {
          const made = await get().create(target.title)
          if (!made.case) return made
          caseId = made.case.id
        } else caseId = target.caseId
        const got = caseOf(await casesApi().caseAdd({ caseId, source }))
        if ('problem' in got) return { ok: false, text: `Not added: ${got.problem}` }
        changed(got.case)
        return {
          ok: true,
          text: `Added ${what} to “${got.case.title}” (now ${items(got.case.items.length)}).`,
          caseTitle: got.case.title,
        }
      } catch (error) {
        return { ok: false, text: `Not added: ${messageOf(error)}` }
      }
    },
    note: async (caseId, text) => {
      const trimmed = text.trim()
      if (!trimmed) return { ok: false, text: 'Write the note first: it is empty.' }
      if (trimmed.length > MAX_CASE_NOTE)
        return {
          ok: false,
          text: `A note is at most ${MAX_CASE_NOTE.toLocaleString('en')} characters.`,
        }
      const got = caseOf(await casesApi().caseNote({ caseId, text: trimmed }))
      if ('problem' in got) return { ok: false, text: `The note was not kept: ${got.problem}` }
      changed(got.case)
      return { ok: true, text: 'Note kept at the end of the case.' }
    },
    exportCase: async (caseId) => {
      const answer = await casesApi().saveCase({ caseId })
      if (!answer.ok)
        return { ok: false, text: `The case was not exported: ${answer.error.message}` }
      const saved = answer.value
      if (saved.saved) {
        void get().open(caseId)
        void get().load()
        return {
          ok: true,
          text: `Saved as ${saved.fileName}. Its fingerprint, which its certificate states: ${saved.fingerprint}. ${signedWords(saved.signedBy)}`,
        }
      }
      // Closed without choosing: nothing to say.
      return saved.message
        ? { ok: false, text: `The case was not exported: ${saved.message}` }
        : null
    },
    verify: async (fileName, bytes) => {
      try {
        return verifyWords(fileName, await casesApi().caseFileVerify({ fileName, bytes }))
      } catch (error) {
        return verifyWords(fileName, {
          ok: false,
          error: { code: 'failed', message: messageOf(error) },
        })
      }
    },
  }
})

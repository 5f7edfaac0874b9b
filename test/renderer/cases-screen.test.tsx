// @vitest-environment happy-dom
// The Cases screen (issue 41): the list, a case made and opened, its items in words (a bank by
// its name, never a schema's names), a note, the export through main's dialog, and a zip dropped
// or chosen, verified, the answer in words.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CaseView } from '../../src/shared/contracts/cases'
import { CasesScreen } from '../../src/renderer/src/features/cases/CasesScreen'
import { useCasesStore } from '../../src/renderer/src/features/cases/cases-store'
import { useBanksStore } from '../../src/renderer/src/stores/banks-store'
import { installCasefileDouble } from './casefile-double'
import { CASE, installCasesDouble, summary } from './cases-double'

const FULL: CaseView = {
  ...CASE,
  items: [
    {
      kind: 'report',
      position: 1,
      addedAt: '2026-03-14T09:06:00.000Z',
      reportId: 'r-2026-0042',
      about: {
        fraudType: 'money_mule',
        identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
        reportedBy: 'Sandbox Microfinance Bank',
      },
    },
    {
      kind: 'search',
      position: 2,
      addedAt: '2026-03-14T09:07:00.000Z',
      identifier: 'phone',
      value: '08031234567',
      request: { method: 'POST', url: 'https://registry.test/api/v1/search', body: '{}' },
      answeredAt: '2026-03-14T09:07:00.000Z',
      clock: 'registry',
      status: 200,
      answerSha256: 'ab'.repeat(32),
      answerBytes: 812,
      certificateSha256: null,
      reportIds: ['r-1', 'r-2'],
      publicReportIds: [],
    },
    {
      kind: 'alert',
      position: 3,
      addedAt: '2026-03-14T09:08:00.000Z',
      alertId: 7,
      alert: {
        kind: 'new_report',
        reportId: 'r-2026-0050',
        type: 'email',
        value: 'mule@example.com',
        createdAt: '2026-03-14T08:00:00.000Z',
        state: 'seen',
        after: { listed: true, fraudType: 'hacker', fraudReason: 'x' },
      },
    },
    { kind: 'note', position: 4, addedAt: '2026-03-14T09:09:00.000Z', text: 'Called the bank.' },
  ],
}

describe('the Cases screen', () => {
  beforeEach(() => {
    useCasesStore.setState({
      cases: null,
      opened: null,
      openProblem: null,
      listProblem: null,
      seen: {},
    })
    useBanksStore.setState({
      banks: [{ id: 1, name: 'Access Bank', slug: 'access-bank', code: '044' }] as never,
    })
    installCasefileDouble()
  })
  afterEach(cleanup)

  it('refuses a case without a title in words, then makes one and opens it', async () => {
    const calls = installCasesDouble({ caseList: [], caseNew: { ok: true, case: CASE } })
    calls.caseShow.mockImplementation(async () => ({ ok: true, value: { ok: true, case: CASE } }))
    render(<CasesScreen />)
    await screen.findByText('No case yet: open one below.')
    await userEvent.click(screen.getByRole('button', { name: 'Make the case' }))
    await screen.findByText('Give the case a title: what the investigation is about.')
    expect(calls.caseNew).not.toHaveBeenCalled()
    await userEvent.type(screen.getByLabelText('Title'), '  Mule ring, Lagos Island ')
    await userEvent.type(screen.getByLabelText('First note (optional)'), 'From the March alerts.')
    await userEvent.click(screen.getByRole('button', { name: 'Make the case' }))
    expect(calls.caseNew).toHaveBeenCalledWith({
      title: 'Mule ring, Lagos Island',
      note: 'From the March alerts.',
    })
    // Opened, the keyboard on its title.
    const title = await screen.findByRole('heading', { name: 'Mule ring, Lagos Island', level: 2 })
    await waitFor(() => expect(document.activeElement).toBe(title))
  })

  it('lists cases with when opened, items and last export, and shows one’s items in words', async () => {
    const calls = installCasesDouble({
      caseList: [
        summary(FULL, '2026-03-15T10:00:00.000Z'),
        { ...summary(CASE), id: 'case-1', title: 'Other' },
      ],
      caseShow: { ok: true, case: FULL },
    })
    render(<CasesScreen />)
    const table = await screen.findByRole('table', { name: 'Cases' })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]?.textContent).toMatch(/Mule ring, Lagos Island.*4.*2026/)
    expect(rows[2]?.textContent).toMatch(/Other.*0Never/)
    await userEvent.click(within(table).getByRole('button', { name: 'Mule ring, Lagos Island' }))
    expect(calls.caseShow).toHaveBeenCalledWith({ caseId: CASE.id })
    const items = await screen.findByRole('list', { name: 'Items of the case' })
    const text = items.textContent ?? ''
    expect(text).toMatch(/Money mule report/)
    expect(text).toMatch(/Bank account 0123456789 · Access Bank/)
    expect(text).toMatch(/Filed by Sandbox Microfinance Bank/)
    expect(text).toMatch(/Search answer 2\. Added [^P]*Phone 08031234567/)
    expect(text).toMatch(/The registry answered with 2 reports, at/)
    expect(text).toMatch(/the registry’s time/)
    expect(text).toMatch(/A new report named Email mule@example.com/)
    expect(text).toMatch(/The report: Hacker \/ account takeover/)
    expect(text).toMatch(/Called the bank\./)
    // No schema's names, no raw bank slug.
    expect(text).not.toMatch(/money_mule|access-bank|publicReportIds|new_report|undefined/)
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.className),
    ).toEqual([
      'case-item case-item-report',
      'case-item case-item-search',
      'case-item case-item-alert',
      'case-item case-item-note',
    ])
  })

  it('names a report the core gave no words for by what its details showed when added, else says so', async () => {
    const bare: CaseView = {
      ...CASE,
      items: [{ kind: 'report', position: 1, addedAt: CASE.createdAt, reportId: 'r-9' }],
    }
    installCasesDouble({ caseList: [], caseShow: { ok: true, case: bare } })
    useCasesStore.setState({ opened: bare })
    const { unmount } = render(<CasesScreen />)
    const items = await screen.findByRole('list', { name: 'Items of the case' })
    expect(items.textContent).toMatch(
      /A reportReference r-9\. Its fraud type and identifiers are not shown/,
    )
    unmount()
    useCasesStore.setState({
      seen: {
        'r-9': {
          fraudType: 'hacker',
          identifiers: [{ label: 'phone', value: '08031234567' }],
          reportedBy: null,
        },
      },
    })
    render(<CasesScreen />)
    const named = await screen.findByRole('list', { name: 'Items of the case' })
    expect(named.textContent).toMatch(
      /Hacker \/ account takeover reportPhone 08031234567Reference r-9/,
    )
  })

  it('keeps a note, refusing an empty one in words', async () => {
    const noted: CaseView = { ...CASE, items: [FULL.items[3]!] }
    const calls = installCasesDouble({ caseList: [], caseNote: { ok: true, case: noted } })
    useCasesStore.setState({ opened: CASE })
    calls.caseShow.mockImplementation(async () => ({ ok: true, value: { ok: true, case: CASE } }))
    render(<CasesScreen />)
    await userEvent.click(await screen.findByRole('button', { name: 'Add the note' }))
    await screen.findByText('Write the note first: it is empty.')
    await userEvent.type(screen.getByLabelText('Note'), 'Called the bank.')
    await userEvent.click(screen.getByRole('button', { name: 'Add the note' }))
    expect(calls.caseNote).toHaveBeenCalledWith({ caseId: CASE.id, text: 'Called the bank.' })
    await screen.findByText('Note kept at the end of the case.')
    expect(screen.getByRole('list', { name: 'Items of the case' }).textContent).toMatch(
      /Called the bank\./,
    )
  })

  it('exports through main’s dialog and says the name, fingerprint and signer; a closed dialog says nothing', async () => {
    const calls = installCasesDouble({
      caseList: [],
      caseShow: { ok: true, case: FULL },
      saveCase: {
        saved: true,
        fileName: 'case-mule.zip',
        fingerprint: 'f'.repeat(64),
        signedBy: { subject: 'CN=Lagoon MFB fraud desk', fingerprint: 'AB:CD:EF' },
        message: null,
      },
    })
    useCasesStore.setState({ opened: FULL })
    render(<CasesScreen />)
    await userEvent.click(await screen.findByRole('button', { name: 'Export the case…' }))
    // The page names the case only: main asks where, in its own dialog.
    expect(calls.saveCase).toHaveBeenCalledWith({ caseId: CASE.id })
    await screen.findByText(
      `Saved as case-mule.zip. Its fingerprint, which its certificate states: ${'f'.repeat(64)}. Signed with the key kept for this data folder: CN=Lagoon MFB fraud desk, whose certificate’s fingerprint (SHA-256) is AB:CD:EF.`,
    )
    // Unsigned: said so, with where to keep a key.
    calls.saveCase.mockImplementation(async () => ({
      ok: true,
      value: {
        saved: true,
        fileName: 'case-mule (2).zip',
        fingerprint: 'e'.repeat(64),
        signedBy: null,
        message: null,
      },
    }))
    await userEvent.click(screen.getByRole('button', { name: 'Export the case…' }))
    await screen.findByText(
      /^Saved as case-mule \(2\)\.zip\. .* Unsigned: no signing key is kept for this data folder\. Settings → Case files says how to keep one/,
    )
    calls.saveCase.mockImplementation(async () => ({
      ok: true,
      value: {
        saved: false,
        fileName: null,
        fingerprint: null,
        signedBy: null,
        message: 'The registry could not be reached.',
      },
    }))
    await userEvent.click(screen.getByRole('button', { name: 'Export the case…' }))
    await screen.findByText('The case was not exported: The registry could not be reached.')
  })

  it('verifies a dropped zip and a chosen one, saying in words what is wrong', async () => {
    const calls = installCasesDouble({
      caseList: [],
      caseFileVerify: (input: { fileName: string }) =>
        input.fileName === 'good.zip'
          ? {
              ok: true,
              intact: true,
              fingerprint: 'a'.repeat(64),
              files: [
                { name: 'case.pdf', verdict: 'ok' },
                { name: 'SHA256SUMS.p7s', verdict: 'ok' },
                { name: 'certificate-s84.pdf', verdict: 'certificate' },
              ],
              disagreements: [],
              signature: {
                signed: true,
                ok: true,
                message: 'SHA256SUMS.p7s is whole: signed by CN=Lagoon MFB.',
              },
            }
          : {
              ok: true,
              intact: false,
              fingerprint: 'b'.repeat(64),
              files: [
                { name: 'case.pdf', verdict: 'changed' },
                { name: 'notes.txt', verdict: 'added' },
              ],
              disagreements: ['retrieval-log.json states another hash for case.pdf.'],
              signature: {
                signed: false,
                ok: true,
                message: 'This case file is unsigned (it has no SHA256SUMS.p7s).',
              },
            },
    })
    render(<CasesScreen />)
    const zone = (await screen.findByText(/^Drop a case’s zip here/)).closest('div') as HTMLElement
    const good = new File([new Uint8Array([80, 75, 3, 4])], 'good.zip', { type: 'application/zip' })
    fireEvent.drop(zone, { dataTransfer: { files: [good] } })
    await screen.findByText(
      'good.zip is as it was made: all 2 files match its SHA256SUMS, and nothing it states about itself is contradicted.',
    )
    expect(calls.caseFileVerify).toHaveBeenCalledWith({
      fileName: 'good.zip',
      bytes: new Uint8Array([80, 75, 3, 4]),
    })
    expect(screen.getByText('a'.repeat(64))).toBeTruthy()
    screen.getByText('SHA256SUMS.p7s is whole: signed by CN=Lagoon MFB.')

    const bad = new File([new Uint8Array([1])], 'bad.zip')
    await userEvent.upload(screen.getByLabelText('choose a zip'), bad)
    await screen.findByText('bad.zip is not as it was made: do not rely on it.')
    screen.getByText('Changed since it was made: case.pdf.')
    screen.getByText('Added, not listed in SHA256SUMS: notes.txt.')
    screen.getByText('retrieval-log.json states another hash for case.pdf.')
    screen.getByText('This case file is unsigned (it has no SHA256SUMS.p7s).')
  })
})

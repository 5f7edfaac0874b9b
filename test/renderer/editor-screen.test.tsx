// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EditorScreen } from '../../src/renderer/src/features/editor/EditorScreen'
import { useBanksStore } from '../../src/renderer/src/stores/banks-store'
import { useEditorStore } from '../../src/renderer/src/features/editor/editor-store'
import { installCasefileDouble } from './casefile-double'
import { EMPTY_OUTBOX } from './outbox-views'

const REASON =
  'Funds from a phishing campaign reached this account and left it within minutes, twice in March.'
const draftView = (localId: string) => ({
  localId,
  registryId: null,
  status: 'draft',
  draft: {
    fraudType: '',
    fraudReason: '',
    identifiers: [],
    showUploaderInfo: false,
    attachmentIds: [],
    attachmentUrls: [],
  },
  attachments: [],
  origin: 'app',
  createdAt: 1,
  updatedAt: 2,
})

describe('the report editor', () => {
  beforeEach(() => {
    useEditorStore.getState().newDraft()
    useBanksStore.setState({
      banks: [
        { id: '1', name: 'Access Bank', slug: 'access-bank' },
        { id: '2', name: 'Fidelity Bank', slug: 'fidelity-bank' },
      ],
      loaded: true,
    })
  })
  afterEach(cleanup)

  it('counts the reason as it is typed, and judges it once the person leaves the field', async () => {
    installCasefileDouble({
      draftList: [],
      draftCreate: draftView('d1'),
      draftSave: draftView('d1'),
      onFile: { results: [] },
    })
    render(<EditorScreen />)
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Too short.' } })
    expect(screen.getByText('10 / 2000 characters (at least 50)')).toBeTruthy()
    // Not from the first keystroke: only once the field is left.
    expect(screen.queryByText(/it needs at least 50/)).toBeNull()
    fireEvent.blur(screen.getByLabelText('Reason'))
    expect(screen.getByText(/it needs at least 50/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: REASON } })
    expect(screen.queryByText(/it needs at least 50/)).toBeNull()
  })

  it('composes an account from the number and the bank picked from the list, and autosaves it', async () => {
    const { api } = installCasefileDouble({
      draftList: [],
      draftCreate: draftView('d1'),
      draftSave: draftView('d1'),
      onFile: { results: [] },
    })
    render(<EditorScreen />)
    fireEvent.click(screen.getByRole('button', { name: 'Add identifier' }))
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '12345' } })
    expect(screen.queryByText(/must be 10 digits/)).toBeNull()
    fireEvent.blur(screen.getByLabelText('Account number'))
    expect(screen.getByText(/must be 10 digits/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '0123456789' } })
    expect(screen.getByText('Pick the bank from the list.')).toBeTruthy()
    const bank = screen.getByRole('combobox', { name: 'Bank' })
    fireEvent.focus(bank)
    fireEvent.change(bank, { target: { value: 'fidel' } })
    fireEvent.keyDown(bank, { key: 'Enter' })
    expect(screen.queryByText('Pick the bank from the list.')).toBeNull()
    await waitFor(() => expect(api.draftSave).toHaveBeenCalled(), { timeout: 2000 })
    const saved = api.draftSave.mock.calls.at(-1)?.[0] as {
      draft: { identifiers: { label: string; value: string }[] }
    }
    expect(saved.draft.identifiers).toEqual([
      { label: 'account', value: '0123456789_fidelity-bank' },
    ])
  })

  it('warns, without refusing, when the bank picked does not fit the account number, naming the banks that do', async () => {
    useBanksStore.setState({
      banks: [
        { id: '1', name: 'Heritage Bank', slug: 'heritage-bank', code: '030' },
        { id: '2', name: 'Rand Merchant Bank', slug: 'rand-merchant-bank', code: '502' },
        { id: '3', name: 'Zenith Bank', slug: 'zenith-bank', code: '057' },
        { id: '4', name: 'Some Bank', slug: 'some-bank' },
      ],
      loaded: true,
    })
    const { api } = installCasefileDouble({
      draftList: [],
      draftCreate: draftView('d1'),
      draftSave: draftView('d1'),
      onFile: { results: [] },
      reportQueue: { ok: true, operations: [] },
      outboxList: EMPTY_OUTBOX,
    })
    render(<EditorScreen />)
    fireEvent.change(screen.getByLabelText('Fraud type'), { target: { value: 'money_mule' } })
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: REASON } })
    fireEvent.click(screen.getByRole('button', { name: 'Add identifier' }))
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '0690000031' } })
    const bank = screen.getByRole('combobox', { name: 'Bank' })
    const pick = (name: string) => {
      fireEvent.focus(bank)
      fireEvent.change(bank, { target: { value: name } })
      fireEvent.keyDown(bank, { key: 'Enter' })
    }
    const words =
      '0690000031 does not fit Zenith Bank’s check digit: it fits Heritage Bank or Rand Merchant Bank. Check the number or the bank — you can still file it.'
    pick('Zenith')
    expect(screen.getByText(words)).toBeTruthy()
    // Said beside the fields it is about, to assistive technology too.
    expect(screen.getByLabelText('Account number').getAttribute('aria-describedby')).toMatch(
      /warning/,
    )
    // A bank it fits, or one with no code: nothing is said.
    pick('Heritage')
    expect(screen.queryByText(/does not fit/)).toBeNull()
    pick('Some Bank')
    expect(screen.queryByText(/does not fit/)).toBeNull()
    pick('Zenith')
    expect(screen.getByText(words)).toBeTruthy()
    // Saved and queued all the same.
    await waitFor(
      () =>
        expect(api.draftSave.mock.calls.at(-1)?.[0]).toMatchObject({
          draft: { identifiers: [{ label: 'account', value: '0690000031_zenith-bank' }] },
        }),
      { timeout: 2000 },
    )
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Queue for sync' }))
    })
    await waitFor(() => expect(api.reportQueue).toHaveBeenCalledWith({ localId: 'd1' }))
    await screen.findByText(/^Queued\./)
  })

  it('shows the per-field issues main answers when queueing', async () => {
    installCasefileDouble({
      draftList: [],
      draftCreate: draftView('d1'),
      draftSave: draftView('d1'),
      onFile: { results: [] },
      reportQueue: {
        ok: false,
        message: 'The report cannot be queued yet.',
        issues: [
          { path: 'identifiers.0.value', message: 'Bank "old-bank" is not in the bank list.' },
        ],
      },
    })
    render(<EditorScreen />)
    fireEvent.change(screen.getByLabelText('Fraud type'), { target: { value: 'money_mule' } })
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: REASON } })
    fireEvent.click(screen.getByRole('button', { name: 'Add identifier' }))
    fireEvent.change(screen.getByLabelText('Identifier type'), { target: { value: 'email' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mule@example.com' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Queue for sync' }))
    })
    // A summary that names fields as people do, each a way to the field.
    await screen.findByText(/The report cannot be queued yet: 1 problem to fix/)
    expect(screen.queryByText(/identifiers\.0/)).toBeNull()
    expect(screen.getAllByText(/Bank "old-bank" is not in the bank list\./)).toHaveLength(2)
    const link = screen.getByRole('button', { name: 'Identifier 1 (Email)' })
    await act(async () => {
      fireEvent.click(link)
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
    })
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    // Changing the field clears what main said about it.
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'other@example.com' } })
    expect(screen.queryByText(/old-bank/)).toBeNull()
  })
})

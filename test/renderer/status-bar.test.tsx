// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StatusBar } from '../../src/renderer/src/components/StatusBar'
import { ConfirmButton } from '../../src/renderer/src/components/ConfirmButton'
import { useStatusStore } from '../../src/renderer/src/stores/status-store'
import { useOutboxStore } from '../../src/renderer/src/features/outbox/outbox-store'
import { installCasefileDouble } from './casefile-double'

describe('the status bar', () => {
  afterEach(cleanup)

  it('marks the sandbox, and follows the pushed outbox counts and online state', async () => {
    // The counts are read with the Outbox's list, from one answer (never taken from the event).
    const { push } = installCasefileDouble({
      outboxList: {
        operations: [],
        counts: { needs_attention: 1 },
        pending: 4,
        pendingReports: 3,
        paused: null,
        lastSyncAt: null,
      },
    })
    useStatusStore.setState({
      profiles: {
        active: 'sandbox',
        profiles: [{ id: 'sandbox', name: 'Sandbox', baseUrl: null, uploadUrl: null, ready: true }],
      },
      pending: 0,
      reach: { state: 'online', reason: null, detail: null, at: 1 },
      browserOnline: true,
    })
    const off = useStatusStore.getState().listen()
    const offOutbox = useOutboxStore.getState().listen()
    render(<StatusBar />)
    expect(screen.getByText('SANDBOX')).toBeTruthy()
    expect(screen.getByText('Online')).toBeTruthy()
    await act(async () => {
      push('outboxChanged', { pending: 4, needsAttention: 1, pendingReports: 3 })
      push('onlineChanged', {
        online: false,
        state: 'unreachable',
        reason: 'The registry cannot be reached: nothing answers at its address.',
        detail: 'GET /api/v1/banks: ECONNREFUSED',
      })
    })
    // The counts are read again with the list, at most once a second while they change.
    expect(await screen.findByText(/3 pending · 1 needs attention/)).toBeTruthy()
    expect(screen.getByText('Registry unreachable')).toBeTruthy()
    expect(screen.getByTestId('connection').title).toMatch(/nothing answers at its address/)
    act(() => {
      useStatusStore.setState({ browserOnline: false })
    })
    expect(screen.getByText('Offline')).toBeTruthy()
    off()
    offOutbox()
  })

  it('says so while the core restarts after a crash, and stops saying it once it runs again', () => {
    const { push, api } = installCasefileDouble({
      outboxList: { operations: [], counts: {}, pending: 0, paused: null, lastSyncAt: null },
      registryReachability: { state: 'online', reason: null, detail: null, at: 1 },
    })
    const off = useStatusStore.getState().listen()
    const offOutbox = useOutboxStore.getState().listen()
    render(<StatusBar />)
    expect(screen.queryByRole('alert')).toBeNull()
    act(() =>
      push('coreStatus', {
        state: 'restarting',
        message:
          "Casefile's background work stopped unexpectedly (exit code 1) and is restarting. Nothing queued is lost.",
      }),
    )
    expect(screen.getByRole('alert').textContent).toMatch(/restarting\. Nothing queued is lost/)
    const refreshes = api.outboxList.mock.calls.length
    act(() => push('coreStatus', { state: 'running', message: 'running again' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(api.outboxList.mock.calls.length).toBe(refreshes + 1) // what the new core has, asked again
    off()
    offOutbox()
  })
})

describe('a destructive action', () => {
  afterEach(cleanup)

  it('asks first, keeps the safe choice focused, and acts only on confirmation', () => {
    let done = 0
    render(
      <ConfirmButton
        label="Discard"
        question="Discard this item?"
        confirmLabel="Discard item"
        onConfirm={() => done++}
      />,
    )
    act(() => screen.getByRole('button', { name: 'Discard' }).click())
    expect(screen.getByText('Discard this item?')).toBeTruthy()
    expect(document.activeElement?.textContent).toBe('Keep')
    act(() => screen.getByRole('button', { name: 'Keep' }).click())
    expect(done).toBe(0)
    act(() => screen.getByRole('button', { name: 'Discard' }).click())
    act(() => screen.getByRole('button', { name: 'Discard item' }).click())
    expect(done).toBe(1)
  })
})

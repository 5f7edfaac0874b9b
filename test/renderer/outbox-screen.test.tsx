// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { OutboxScreen } from '../../src/renderer/src/features/outbox/OutboxScreen'
import { useOutboxStore } from '../../src/renderer/src/features/outbox/outbox-store'
import { installCasefileDouble } from './casefile-double'
import { operationView as operation } from './outbox-views'

describe('the outbox', () => {
  afterEach(cleanup)

  it('shows each item with its state and attempts, the registry’s message, and the actions that fit', async () => {
    const attention = operation({
      id: 2,
      state: 'needs_attention',
      attempts: 1,
      lastError: {
        kind: 'rejected',
        message: 'Report is unlisted and can no longer be updated.',
        status: 409,
      },
      kind: 'update_report',
    })
    const refused = operation({
      id: 4,
      reportId: 'r4',
      state: 'needs_attention',
      attempts: 1,
      lastError: { kind: 'validation', message: 'The reason is too short.', status: 400 },
    })
    installCasefileDouble({
      outboxList: {
        operations: [operation({}), attention, refused],
        counts: { needs_attention: 2 },
        pending: 3,
        pendingReports: 3,
        paused: null,
        lastSyncAt: null,
      },
      outboxHistory: [],
    })
    await act(async () => {
      render(<OutboxScreen />)
    })
    expect(screen.getByText('Queued')).toBeTruthy()
    expect(screen.getAllByText('Needs attention')).toHaveLength(2)
    expect(screen.getByText('Report is unlisted and can no longer be updated.')).toBeTruthy()
    // A content the registry refused can be edited and retried; an update of a report that left
    // the list cannot be taken at all: it is filed as a new report instead.
    expect(screen.getAllByRole('button', { name: 'Edit and requeue' })).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: 'File as a new report' })).toHaveLength(1)
    expect(screen.getAllByRole('button', { name: /^Discard/ })).toHaveLength(3)
  })

  it('draws upload progress from pushed events', async () => {
    const sending = operation({ id: 3, kind: 'upload_attachment', state: 'sending', attempts: 1 })
    const { push } = installCasefileDouble({
      outboxList: {
        operations: [sending],
        counts: {},
        pending: 1,
        pendingReports: 1,
        paused: null,
        lastSyncAt: null,
      },
      outboxHistory: [],
    })
    const off = useOutboxStore.getState().listen()
    await act(async () => {
      render(<OutboxScreen />)
    })
    act(() => push('uploadProgress', { operationId: 3, loaded: 512, total: 2048 }))
    // Applied at the next frame, with whatever else was pushed meanwhile.
    const bar = (await screen.findByRole('progressbar', {
      name: /Upload progress/,
    })) as HTMLProgressElement
    expect(bar.value).toBe(512)
    expect(screen.getByText(/512 B of 2\.0 KiB/)).toBeTruthy()
    off()
  })

  it('replaces "Sync finished: 1 report sent." once a later row fails offline', async () => {
    const { push } = installCasefileDouble({
      outboxList: {
        operations: [operation({ id: 5, state: 'queued' })],
        counts: {},
        pending: 1,
        pendingReports: 1,
        paused: null,
        lastSyncAt: null,
      },
      outboxHistory: [],
    })
    useOutboxStore.setState({ message: null, syncing: false })
    const off = useOutboxStore.getState().listen()
    await act(async () => {
      render(<OutboxScreen />)
    })
    await act(async () => push('syncFinished', { sent: 1, needsAttention: 0 }))
    expect(screen.getByRole('status').textContent).toBe('Sync finished: 1 report sent.')
    const failed = operation({
      id: 5,
      state: 'waiting_retry',
      attempts: 1,
      lastError: { kind: 'offline', message: 'The registry cannot be reached.' },
    })
    await act(async () => push('operationChanged', failed))
    const status = screen.getByRole('status').textContent ?? ''
    expect(status).not.toMatch(/Sync finished/)
    expect(status).toBe(
      'Not everything was sent: 1 item waits to retry. The last try: The registry cannot be reached.',
    )
    off()
  })
  it('drops "Not everything was sent" once the core sends the waiting row by itself', async () => {
    const failed = operation({
      id: 6,
      state: 'waiting_retry',
      attempts: 1,
      lastError: { kind: 'offline', message: 'The registry cannot be reached.' },
    })
    const { push } = installCasefileDouble({
      outboxList: {
        operations: [failed],
        counts: { waiting_retry: 1 },
        pending: 1,
        pendingReports: 1,
        paused: null,
        lastSyncAt: null,
      },
      outboxHistory: [],
    })
    useOutboxStore.setState({ message: null, syncing: false })
    const off = useOutboxStore.getState().listen()
    await act(async () => {
      render(<OutboxScreen />)
    })
    await act(async () => push('operationChanged', { ...failed, attempts: 2 }))
    expect(screen.getByRole('status').textContent).toMatch(/^Not everything was sent/)
    // The registry is back: the core sends it on its own (its run's summary may not be said).
    await act(async () => push('operationChanged', { ...failed, state: 'done', lastError: null }))
    expect(screen.getByRole('status').textContent).not.toMatch(/Not everything was sent|retry/)
    off()
  })

  it('reloads the history after a finished burst only while the window listens', async () => {
    const sent = operation({ id: 7, state: 'sending' })
    const { api, push } = installCasefileDouble({
      outboxList: {
        operations: [sent],
        counts: { sending: 1 },
        pending: 1,
        pendingReports: 1,
        paused: null,
        lastSyncAt: null,
      },
      outboxHistory: [],
    })
    const off = useOutboxStore.getState().listen()
    await act(async () => {
      render(<OutboxScreen />)
    })
    // The done row is applied at the next frame, which sets the history's reload 150 ms later;
    // the window stops listening before then, and no call is made after it (the test's window,
    // torn down by then, once failed the whole batch with "window is not defined").
    await act(async () => push('operationChanged', { ...sent, state: 'done' }))
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))))
    const calls = api.outboxHistory.mock.calls.length
    off()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(api.outboxHistory.mock.calls.length).toBe(calls)
  })
})

// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { OperationView } from '../../src/shared/contracts/outbox'
import { OutboxScreen } from '../../src/renderer/src/features/outbox/OutboxScreen'
import { useOutboxStore, withChanges } from '../../src/renderer/src/features/outbox/outbox-store'
import { installCasefileDouble } from './casefile-double'
import { operationView } from './outbox-views'

/*
 * Issue 37: a drain of thousands of reports pushes hundreds of operation events a second. The
 * Outbox drew every item, and replaced its whole list at each event: each redrew ~7,400 rows.
 */

const operation = (id: number, patch: Partial<OperationView> = {}): OperationView =>
  operationView({
    id,
    reportId: `r${id}`,
    reportTitle: `Money mule · 01234${String(id).padStart(5, '0')}_access-bank`,
    ...patch,
  })

const many = (n: number) => Array.from({ length: n }, (_, i) => operation(i + 1))
const shown = (text: RegExp) => screen.queryAllByText(text).length > 0
const frame = () => new Promise((resolve) => setTimeout(resolve, 300))

function outboxOf(operations: OperationView[]) {
  return installCasefileDouble({
    outboxList: {
      operations,
      counts: { queued: operations.length },
      pending: operations.length,
      pendingReports: operations.length,
      paused: null,
      lastSyncAt: null,
    },
    outboxHistory: [],
  })
}

describe('the Outbox under a drain of thousands', () => {
  afterEach(() => {
    cleanup()
    useOutboxStore.setState({ operations: [], progress: {}, message: null })
  })

  it('draws the rows that can be seen, not all 5,000, and the rows further down when scrolled to', async () => {
    outboxOf(many(5000))
    await act(async () => {
      render(<OutboxScreen />)
    })
    const drawn = () => document.querySelectorAll('tbody tr[data-state]')
    expect(drawn().length).toBeGreaterThan(5)
    expect(drawn().length).toBeLessThan(60)
    expect(shown(/0123400001_access-bank/)).toBe(true)
    expect(shown(/0123404000_access-bank/)).toBe(false)
    // The spacer below stands for the rows not drawn, so the scroll bar is as long as the list.
    const spacers = [...document.querySelectorAll<HTMLElement>('tr.spacer-row')]
    expect(spacers.map((row) => parseFloat(row.style.height))).toEqual([
      expect.any(Number) as number,
    ])
    expect(parseFloat(spacers[0]?.style.height ?? '0')).toBeGreaterThan(4900 * 60)

    const box = screen.getByRole('region', { name: 'Outbox items, 5000' })
    await act(async () => {
      box.scrollTop = 3999 * 64
      fireEvent.scroll(box)
    })
    expect(shown(/0123404000_access-bank/)).toBe(true)
    expect(shown(/0123400001_access-bank/)).toBe(false)
    expect(drawn().length).toBeLessThan(60)
  })

  it('applies 500 pushed events in one update, as changes: the other items keep their identity', async () => {
    const { push } = outboxOf(many(2000))
    await act(async () => {
      await useOutboxStore.getState().load()
    })
    const before = useOutboxStore.getState().operations
    let updates = 0
    const unsubscribe = useOutboxStore.subscribe((state, previous) => {
      if (state.operations !== previous.operations) updates++
    })
    const off = useOutboxStore.getState().listen()
    act(() => {
      for (let id = 1; id <= 500; id++)
        push('operationChanged', operation(id, { state: 'sending' }))
      // A second event for an item already gathered: the latest wins.
      push('operationChanged', operation(7, { state: 'done' }))
      push('operationChanged', operation(9001, { state: 'queued' }))
    })
    expect(updates).toBe(0)
    await act(frame)
    expect(updates).toBe(1)
    const after = useOutboxStore.getState().operations
    expect(after).toHaveLength(2001)
    expect(after[0]?.id).toBe(9001)
    expect(after.find((op) => op.id === 7)?.state).toBe('done')
    expect(after.find((op) => op.id === 500)?.state).toBe('sending')
    // Unchanged items are the same objects: their memoized rows are not drawn again.
    expect(after.find((op) => op.id === 1500)).toBe(before.find((op) => op.id === 1500))
    off()
    unsubscribe()
  })

  it('reads the list once for a burst of callers, and once more for those who asked during the read', async () => {
    const { api } = outboxOf(many(10))
    await act(async () => {
      await Promise.all(Array.from({ length: 20 }, () => useOutboxStore.getState().load()))
    })
    expect(api.outboxList.mock.calls.length).toBe(2)
  })

  it('follows the pushed counts with at most one read of the list a second', async () => {
    const { api, push } = outboxOf(many(10))
    const off = useOutboxStore.getState().listen()
    await act(async () => {
      for (let i = 0; i < 10; i++) {
        push('outboxChanged', { pending: 10 - i, needsAttention: 0, pendingReports: 10 - i })
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })
    // Ten pushes over a second: the first read at once, and one more at most a second later.
    expect(api.outboxList.mock.calls.length).toBeGreaterThanOrEqual(1)
    expect(api.outboxList.mock.calls.length).toBeLessThanOrEqual(2)
    off()
  })

  it('reads only the counts for pushed changes while no view shows the items, and the items while one does', async () => {
    const { api, push } = outboxOf(many(10))
    const off = useOutboxStore.getState().listen()
    const pushed = async () => {
      await act(async () => {
        push('outboxChanged', { pending: 9, needsAttention: 0, pendingReports: 9 })
        // Past the one-a-second spacing of reads that pushed counts ask for.
        await new Promise((resolve) => setTimeout(resolve, 1100))
      })
    }
    await pushed()
    // The status bar's counts, without every item's view (the Outbox is not open).
    expect(api.outboxList.mock.calls.at(-1)).toEqual([{ operations: false }])
    const hide = useOutboxStore.getState().show()
    await pushed()
    expect(api.outboxList.mock.calls.at(-1)).toEqual([undefined])
    hide()
    hide() // twice: still one view fewer, not two
    await pushed()
    expect(api.outboxList.mock.calls.at(-1)).toEqual([{ operations: false }])
    off()
  })

  it('keeps the order of identity for the rows between: withChanges replaces in place', () => {
    const list = many(5)
    const next = withChanges(list, [operation(3, { attempts: 1 }), operation(6)])
    expect(next.map((op) => op.id)).toEqual([6, 1, 2, 3, 4, 5])
    expect(next[1]).toBe(list[0])
    expect(next[3]?.attempts).toBe(1)
  })
})

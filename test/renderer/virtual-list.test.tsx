// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VirtualList } from '../../src/renderer/src/features/submissions/VirtualList'

describe('the windowed list', () => {
  afterEach(cleanup)

  it('puts only the rows in view (plus a few) in the page, however many there are', () => {
    const onRange = vi.fn()
    render(
      <VirtualList
        label="Rows"
        count={100_000}
        rowHeight={40}
        onRange={onRange}
        renderRow={(index) => (
          <div role="listitem" key={index}>
            Row {index}
          </div>
        )}
      />,
    )
    const rows = screen.getAllByRole('listitem')
    expect(rows.length).toBeLessThan(60)
    expect(rows[0]?.textContent).toBe('Row 0')
    expect(onRange).toHaveBeenCalledWith(0, rows.length)
  })
})

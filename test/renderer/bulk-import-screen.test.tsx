// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ImportOutcomeView } from '../../src/shared/contracts/bulk-import'
import { BulkImportScreen } from '../../src/renderer/src/features/bulk-import/BulkImportScreen'
import { useBulkStore } from '../../src/renderer/src/features/bulk-import/bulk-store'
import { installCasefileDouble } from './casefile-double'

const rejectedRow = (rowNumber: number): ImportOutcomeView['rejected'][number] => ({
  rowNumber,
  reason: 'invalid',
  errors: [
    {
      column: 'fraud_type',
      cell: `A${rowNumber}`,
      message:
        'Fraud type "Romance frauds" is not one Casefile knows. Did you mean "Romance fraud"?',
    },
  ],
})

function showPreview(queued: number, rejected: number) {
  const preview: ImportOutcomeView = {
    mode: 'dry-run',
    totals: { dataRows: queued + rejected, queued, rejected, skippedEmpty: 0 },
    queued: Array.from({ length: queued }, (_, i) => ({ rowNumber: i + 2, localId: null })),
    rejected: Array.from({ length: rejected }, (_, i) => rejectedRow(queued + i + 2)),
    skippedEmptyRows: [],
    fileProblems: [],
    bulkOperationIds: [],
  }
  useBulkStore.setState({ fileName: 'reports.csv', preview, result: null, busy: false })
}

describe('the bulk import preview', () => {
  afterEach(() => {
    cleanup()
    useBulkStore.setState({ preview: null, result: null, fileName: null })
  })

  it('offers no "Queue the 0 valid rows" button when no row is valid, and says what to do', async () => {
    installCasefileDouble({})
    showPreview(0, 2)
    await act(async () => {
      render(<BulkImportScreen />)
    })
    expect(screen.queryByRole('button', { name: /^Queue the/ })).toBeNull()
    expect(
      screen.getByText(/No row can be queued yet: fix the problems above in the file/),
    ).toBeTruthy()
    expect(screen.getAllByText(/Did you mean "Romance fraud"\?/)).toHaveLength(2)
  })

  it('offers to queue the valid rows when there are some', async () => {
    installCasefileDouble({})
    showPreview(3, 1)
    await act(async () => {
      render(<BulkImportScreen />)
    })
    const button = screen.getByRole('button', { name: 'Queue the 3 valid rows' })
    expect((button as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByText(/No row can be queued yet/)).toBeNull()
  })
})

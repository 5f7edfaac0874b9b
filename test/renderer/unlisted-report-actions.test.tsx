// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { OperationView } from '../../src/shared/contracts/outbox'
import type { ReportRecord } from '../../src/shared/domain/responses'
import { OwnReportActions } from '../../src/renderer/src/components/OwnReportActions'
import { OutboxScreen } from '../../src/renderer/src/features/outbox/OutboxScreen'
import { useEditorStore } from '../../src/renderer/src/features/editor/editor-store'
import { useNavStore } from '../../src/renderer/src/stores/nav-store'
import { installCasefileDouble } from './casefile-double'
import { EMPTY_OUTBOX, operationView } from './outbox-views'

/** A report's create, sent and done. */
const finished = (patch: Partial<OperationView>): OperationView =>
  operationView({
    reportId: 'local-1',
    registryId: 'reg-1',
    reportTitle: 'Money mule · 0123456789',
    state: 'done',
    attempts: 1,
    ...patch,
  })

const UNLISTED: ReportRecord = {
  id: 'reg-1',
  listingStatus: 'unlisted',
  fraudType: 'money_mule',
  fraudReason: 'Received and moved the proceeds of a phishing scam within minutes.',
  showUploaderInfo: false,
  attachments: ['https://files.example/evidence.pdf'],
  identifiers: [{ label: 'phone', value: '08031234567' }],
}

describe('an unlisted report of the organization', () => {
  afterEach(cleanup)

  it('is not offered for update in the Outbox history: a new report from it, prefilled', async () => {
    const { api } = installCasefileDouble({
      outboxList: EMPTY_OUTBOX,
      outboxHistory: [
        finished({ id: 2, kind: 'unlist_report', updatedAt: 2 }),
        finished({ id: 1 }),
      ],
      submissionGet: { record: UNLISTED, source: 'online', message: null },
    })
    await act(async () => {
      render(<OutboxScreen />)
    })
    expect(screen.queryByRole('button', { name: /^Update this report/ })).toBeNull()
    await userEvent.click(
      screen.getByRole('button', {
        name: 'File a new report from this one: Create report: Money mule · 0123456789',
      }),
    )
    expect(api.submissionGet).toHaveBeenCalledWith({ id: 'reg-1', decoded: true })
    const editor = useEditorStore.getState()
    expect(editor.target).toEqual({ kind: 'draft', localId: null })
    expect(editor.form.fraudType).toBe('money_mule')
    expect(editor.form.fraudReason).toBe(UNLISTED.fraudReason)
    expect(editor.form.identifiers.map((i) => i.value)).toContain('08031234567')
    expect(editor.links).toEqual(['https://files.example/evidence.pdf'])
    expect(editor.notice).toMatch(/which is unlisted: change what is needed, then queue it\.$/)
    expect(useNavStore.getState().screen).toBe('editor')
  })

  it('unlisted elsewhere: Update says so and offers the new report at once', async () => {
    installCasefileDouble({
      submissionGet: { record: UNLISTED, source: 'online', message: null },
    })
    useNavStore.setState({ screen: 'search' })
    render(<OwnReportActions registryId="reg-1" context="Money mule" />)
    await userEvent.click(screen.getByRole('button', { name: 'Update this report: Money mule' }))
    expect((await screen.findByRole('alert')).textContent).toMatch(/unlisted/)
    expect(screen.queryByRole('button', { name: /^Update this report/ })).toBeNull()
    await userEvent.click(
      screen.getByRole('button', { name: 'File a new report from this one: Money mule' }),
    )
    expect(useNavStore.getState().screen).toBe('editor')
    expect(useEditorStore.getState().form.fraudReason).toBe(UNLISTED.fraudReason)
  })
})

// @vitest-environment happy-dom
import { within, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ReportDetails } from '../../src/renderer/src/components/ReportDetails'
import { installCasefileDouble } from './casefile-double'

/** The export's own status line (the report's details carry others, the watchlist's among them). */
const exportStatus = () =>
  within(
    screen.getByRole('button', { name: /case file/i }).closest('.actions') as HTMLElement,
  ).getByRole('status')

const REPORT = {
  id: 'r-2026-0042',
  fraudType: 'social_engineering',
  fraudReason: 'Adébáyọ̀ Ọlánrewájú asked for the OTP on a call and moved the money out.',
  identifiers: [{ id: 'i1', label: 'phone', value: '08031234567' }],
  listingStatus: 'listed',
  createdAt: '2026-03-14T09:05:03.000Z',
}

describe('Export case file… in the report detail', () => {
  afterEach(cleanup)

  it('asks main to save the case file of this report, and says the name and whether it is signed', async () => {
    const { api } = installCasefileDouble({
      saveCaseFile: {
        saved: true,
        fileName: 'case-r-2026-0042.zip',
        fingerprint: 'f'.repeat(64),
        signedBy: null,
        message: null,
      },
    })
    render(<ReportDetails record={REPORT} />)
    await userEvent.click(screen.getByRole('button', { name: 'Export case file…' }))
    // The page names the report only: main asks where, in its own dialog.
    expect(api.saveCaseFile).toHaveBeenCalledWith({ id: 'r-2026-0042' })
    await waitFor(() =>
      expect(exportStatus().textContent).toBe(
        'Case file saved as case-r-2026-0042.zip. Unsigned: no signing key is kept for this data folder. Settings → Case files says how to keep one; what is exported after that is signed with it.',
      ),
    )
    cleanup()
    installCasefileDouble({
      saveCaseFile: {
        saved: true,
        fileName: 'case-r-2026-0042.zip',
        fingerprint: 'f'.repeat(64),
        signedBy: { subject: 'CN=Lagoon MFB fraud desk', fingerprint: 'AB:CD' },
        message: null,
      },
    })
    render(<ReportDetails record={REPORT} />)
    await userEvent.click(screen.getByRole('button', { name: 'Export case file…' }))
    await waitFor(() =>
      expect(exportStatus().textContent).toBe(
        'Case file saved as case-r-2026-0042.zip. Signed with the key kept for this data folder: CN=Lagoon MFB fraud desk, whose certificate’s fingerprint (SHA-256) is AB:CD.',
      ),
    )
  })

  it('says why when no case file could be made, and nothing when the dialog was closed', async () => {
    installCasefileDouble({
      saveCaseFile: {
        saved: false,
        fileName: null,
        fingerprint: null,
        signedBy: null,
        message: 'No case file was made of r-2026-0042: the registry did not give it.',
      },
    })
    render(<ReportDetails record={REPORT} />)
    await userEvent.click(screen.getByRole('button', { name: 'Export case file…' }))
    await waitFor(() =>
      expect(exportStatus().textContent).toMatch(/^The case file was not made: No case file/),
    )
    cleanup()
    installCasefileDouble({
      saveCaseFile: {
        saved: false,
        fileName: null,
        fingerprint: null,
        signedBy: null,
        message: null,
      },
    })
    render(<ReportDetails record={REPORT} />)
    await userEvent.click(screen.getByRole('button', { name: 'Export case file…' }))
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export case file…' })).toBeTruthy(),
    )
    expect(exportStatus().textContent).toBe('')
  })
})

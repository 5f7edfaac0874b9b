// @vitest-environment happy-dom
// Settings → Case files: the officer the s.84 certificate names, the same values `casefile
// config set --signer-*` sets; the core's refusal shown beside its field; the signing key told.
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CaseFilesPanel } from '../../src/renderer/src/features/settings/CaseFilesPanel'
import { installCasefileDouble } from './casefile-double'

const noKey = { kept: false, problem: null }
const saved = {
  name: 'Adaeze Okonkwo',
  position: 'Head of Fraud Investigations',
  organization: 'Lagoon Microfinance Bank',
  signingKey: noKey,
}

describe('Settings → Case files', () => {
  afterEach(cleanup)

  it('shows the saved officer, sends only what changed, and shows a refusal beside its field', async () => {
    let answer: unknown = {
      ok: false,
      problems: [
        {
          field: 'position',
          message: 'Position held in the organization: it is longer than 200 characters.',
        },
      ],
    }
    const { api } = installCasefileDouble({
      caseFileSigner: saved,
      caseFileSetSigner: () => ({ ok: true, value: answer }),
    })
    render(<CaseFilesPanel />)
    const name = (await screen.findByLabelText('Name of the officer')) as HTMLInputElement
    expect(name.value).toBe('Adaeze Okonkwo')
    const save = screen.getByRole('button', { name: 'Save the officer' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    const position = screen.getByLabelText('Position held in the organization')
    fireEvent.change(position, { target: { value: 'x'.repeat(201) } })
    fireEvent.click(save)
    const problem = await screen.findByText(
      'Position held in the organization: it is longer than 200 characters.',
    )
    expect(position.getAttribute('aria-invalid')).toBe('true')
    expect(position.getAttribute('aria-describedby')).toBe(problem.id)
    expect(api.caseFileSetSigner).toHaveBeenLastCalledWith({ position: 'x'.repeat(201) })

    answer = { ok: true, signer: { ...saved, position: 'Chief Compliance Officer' } }
    fireEvent.change(position, { target: { value: 'Chief Compliance Officer' } })
    fireEvent.click(save)
    expect(
      await screen.findByText('Saved: the next case file’s certificate names them.'),
    ).toBeTruthy()
    expect(api.caseFileSetSigner).toHaveBeenLastCalledWith({ position: 'Chief Compliance Officer' })
    expect(screen.queryByText(/longer than 200/)).toBeNull()
    expect(position.getAttribute('aria-invalid')).toBeNull()
  })

  it('says how to make a signing key when none is kept, and its fingerprint when one is; and what the window’s exports come to', async () => {
    installCasefileDouble({ caseFileSigner: saved })
    render(<CaseFilesPanel />)
    const none = await screen.findByTestId('signing-key')
    expect(none.textContent).toMatch(
      /^No signing key is kept for this data folder\. To make one, run casefile signing-key create in a terminal/,
    )
    expect(none.textContent).toMatch(/Until then, what this window exports is unsigned\.$/)
    cleanup()
    installCasefileDouble({
      caseFileSigner: {
        ...saved,
        signingKey: {
          kept: true,
          where: 'keychain',
          subject: 'CN=Lagoon MFB case files',
          fingerprint: 'AB:CD:EF',
          validTo: '2036-11-29T08:00:00.000Z',
        },
      },
    })
    render(<CaseFilesPanel />)
    const kept = await screen.findByTestId('signing-key')
    expect(kept.textContent).toBe(
      'A signing key is kept for this data folder (in the OS keychain): CN=Lagoon MFB case files, valid to 2036-11-29. Its certificate’s fingerprint (SHA-256): AB:CD:EF. Case files and cases exported from this window are signed with it.',
    )
    cleanup()
    installCasefileDouble({
      caseFileSigner: { ...saved, signingKey: { kept: false, problem: 'It is damaged.' } },
    })
    render(<CaseFilesPanel />)
    expect((await screen.findByTestId('signing-key')).textContent).toMatch(
      /^It is damaged\. To make one, .* Until it is put right, this window exports no case file: each would go unsigned\.$/,
    )
  })
})

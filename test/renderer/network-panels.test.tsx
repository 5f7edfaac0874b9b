// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NetworkPanels } from '../../src/renderer/src/features/settings/NetworkPanels'
import { StatusBar } from '../../src/renderer/src/components/StatusBar'
import { useNetworkStore } from '../../src/renderer/src/features/settings/network-store'
import { useStatusStore } from '../../src/renderer/src/stores/status-store'
import type { ConnectionReportView } from '../../src/shared/contracts/network'
import { installCasefileDouble } from './casefile-double'

const PROXY_ASKS =
  'The proxy at proxy.bank.local:8080 asks for a user name and password (Basic). Give them in Settings → Connection (or in HTTPS_PROXY as http://user:password@host:port, with @ written %40). Sending is paused until then; queued work is kept.'

const REPORT: ConnectionReportView = {
  at: '2025-03-18T09:30:00.000Z',
  checks: [
    {
      id: 'registry',
      title: 'Registry',
      status: 'ok',
      summary: 'https://registry.bank.example',
    },
    {
      id: 'proxy',
      title: 'Proxy',
      status: 'ok',
      summary: "Through the proxy proxy.bank.local:8080 (from this computer's proxy settings)",
    },
    {
      id: 'certificate',
      title: 'Certificate',
      status: 'failed',
      summary:
        'The registry\'s certificate (registry.bank.example) was issued by "Bank Inspection Root", which this computer does not trust.',
    },
    {
      id: 'clock',
      title: 'Clock',
      status: 'skipped',
      summary: 'the registry gave no time to compare with.',
    },
  ],
  ok: false,
  text: 'Casefile connection check, 2025-03-18T09:30:00.000Z\nFAILED   Certificate  …',
}

function resetStores() {
  useNetworkStore.setState({
    settings: null,
    caNote: null,
    report: null,
    checking: false,
    checkError: null,
  })
  useStatusStore.setState({ paused: null, profiles: null })
}

describe('Settings → Connection on a bank’s network', () => {
  beforeEach(resetStores)
  afterEach(cleanup)

  it('asks for the proxy’s user name and password when sending is paused for them, and sends them to main only', async () => {
    const { api } = installCasefileDouble({
      connectionSettings: { caFile: null },
      setProxyCredentials: {
        proxy: 'proxy.bank.local:8080',
        storage: 'keychain',
        reason: null,
      },
      outboxList: { operations: [], counts: {}, pending: 2, paused: null, lastSyncAt: null },
    })
    useStatusStore.setState({
      paused: { reason: 'proxy_auth', message: PROXY_ASKS },
    })
    render(<NetworkPanels />)
    expect(
      screen.getByRole('heading', { name: 'Sign in to the proxy proxy.bank.local:8080' }),
    ).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Proxy user name'), {
      target: { value: 'BANK\\adaeze' },
    })
    fireEvent.change(screen.getByLabelText('Proxy password'), { target: { value: 'p@ss:word' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save and resume sending' }))
    await screen.findByText(
      /Saved for the proxy proxy\.bank\.local:8080 in this computer’s keychain/,
    )
    expect(api.setProxyCredentials).toHaveBeenCalledWith({
      proxy: 'proxy.bank.local:8080',
      username: 'BANK\\adaeze',
      password: 'p@ss:word',
    })
    // The pause lifted (main's answer), the form goes and the word stays.
    await waitFor(() => expect(screen.queryByLabelText('Proxy password')).toBeNull())
    expect(screen.getByText(/Sending resumes/)).toBeTruthy()
  })

  it('says what is wrong with what was typed, field by field', async () => {
    installCasefileDouble({
      connectionSettings: { caFile: null },
      setProxyCredentials: () => ({
        ok: false,
        error: {
          code: 'bad_input',
          message: 'invalid',
          issues: [{ path: 'username', message: 'A proxy user name cannot hold a colon (:).' }],
        },
      }),
    })
    useStatusStore.setState({ paused: { reason: 'proxy_auth', message: PROXY_ASKS } })
    render(<NetworkPanels />)
    fireEvent.change(screen.getByLabelText('Proxy user name'), { target: { value: 'a:b' } })
    fireEvent.change(screen.getByLabelText('Proxy password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save and resume sending' }))
    expect(
      await screen.findByText('User name: A proxy user name cannot hold a colon (:).'),
    ).toBeTruthy()
    expect((screen.getByLabelText('Proxy password') as HTMLInputElement).value).toBe('')
  })

  it('shows the organization’s certificate with its subject and expiry, and changes it through main', async () => {
    const caFile = {
      path: 'C:\\Users\\adaeze\\bank-root.cer',
      certificates: [
        {
          subject: 'Bank Inspection Root (First Bank)',
          issuer: 'Bank Inspection Root (First Bank)',
          validTo: '2034-01-31T00:00:00.000Z',
          expired: false,
        },
        {
          subject: 'Old Bank Root',
          issuer: 'Old Bank Root',
          validTo: '2021-01-01T00:00:00.000Z',
          expired: true,
        },
      ],
      problem: null,
    }
    const { api } = installCasefileDouble({
      connectionSettings: { caFile },
      // The person closed main's dialog: nothing changes.
      chooseCaFile: { chosen: false, settings: { caFile } },
      clearCaFile: { caFile: null },
    })
    render(<NetworkPanels />)
    const list = await screen.findByRole('list', { name: 'Certificates in the file' })
    expect(list.textContent).toMatch(/Issued to Bank Inspection Root \(First Bank\) by/)
    expect(list.textContent).toMatch(/valid until .*2034/)
    expect(list.textContent).toMatch(/expired on .*2021/)
    fireEvent.click(screen.getByRole('button', { name: 'Choose another certificate file…' }))
    await waitFor(() => expect(api.chooseCaFile).toHaveBeenCalled())
    expect(screen.getByRole('list', { name: 'Certificates in the file' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Remove certificate file' }))
    expect(await screen.findByText('No certificate file is set.')).toBeTruthy()
    expect(screen.getByText(/no longer used/)).toBeTruthy()
  })

  it('says why a kept certificate file cannot be used', async () => {
    installCasefileDouble({
      connectionSettings: {
        caFile: {
          path: '/home/adaeze/bank-root.pem',
          certificates: [],
          problem:
            'The certificate file /home/adaeze/bank-root.pem does not exist. Check the path.',
        },
      },
    })
    render(<NetworkPanels />)
    expect(await screen.findByText(/does not exist\. Check the path\./)).toBeTruthy()
  })

  it('checks the connection, lists each check with its status in words, and copies the report', async () => {
    const { api } = installCasefileDouble({
      connectionSettings: { caFile: null },
      connectionCheck: REPORT,
    })
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<NetworkPanels />)
    fireEvent.click(screen.getByRole('button', { name: 'Check connection' }))
    const list = await screen.findByRole('list', { name: 'Connection checks' })
    expect(api.connectionCheck).toHaveBeenCalled()
    const items = [...list.querySelectorAll('li')].map((li) => li.textContent)
    expect(items).toEqual([
      'OK Registry: https://registry.bank.example',
      "OK Proxy: Through the proxy proxy.bank.local:8080 (from this computer's proxy settings)",
      expect.stringMatching(/^Failed Certificate: The registry's certificate/),
      'Not checked Clock: the registry gave no time to compare with.',
    ])
    expect(screen.getByText(/Something stands between this computer and the registry/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Copy report' }))
    await screen.findByText(/The report is copied/)
    expect(writeText).toHaveBeenCalledWith(REPORT.text)
  })

  it('offers the proxy’s sign-in when the check found a proxy asking for a password', async () => {
    installCasefileDouble({
      connectionSettings: { caFile: null },
      connectionCheck: {
        ...REPORT,
        checks: [
          ...REPORT.checks.slice(0, 2),
          { id: 'banks', title: 'Bank list', status: 'failed', summary: PROXY_ASKS },
        ],
      },
    })
    render(<NetworkPanels />)
    expect(screen.queryByLabelText('Proxy user name')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Check connection' }))
    expect(await screen.findByLabelText('Proxy user name')).toBeTruthy()
  })

  it('names its own control for the certificate file where a check’s fix is that file', async () => {
    const certificate = { ...REPORT.checks[2]!, fix: 'ca_file' as const }
    installCasefileDouble({
      connectionSettings: { caFile: null },
      connectionCheck: { ...REPORT, checks: [REPORT.checks[0]!, certificate] },
    })
    render(<NetworkPanels />)
    fireEvent.click(screen.getByRole('button', { name: 'Check connection' }))
    const list = await screen.findByRole('list', { name: 'Connection checks' })
    const items = [...list.querySelectorAll('li')].map((li) => li.textContent)
    // The core's summary names no control; the window adds the one it has, and no command.
    expect(items[1]).toMatch(
      /does not trust\.Choose the file IT gives you with “Choose certificate file…” under Your organization’s certificate, above\.$/,
    )
    expect(items[0]).not.toMatch(/Choose certificate file/)
    expect(list.textContent).not.toMatch(/casefile|--ca-file/)
  })

  it('names the API key section where the key step failed for want of a key', async () => {
    const key = {
      id: 'key' as const,
      title: 'API key',
      status: 'failed' as const,
      summary:
        "No API key is set for this registry. Give the organization's API key where Casefile takes it: the app's settings, or CASEFILE_API_KEY for a command.",
      fix: 'api_key' as const,
    }
    installCasefileDouble({
      connectionSettings: { caFile: null },
      connectionCheck: { ...REPORT, checks: [REPORT.checks[0]!, key] },
    })
    render(<NetworkPanels />)
    fireEvent.click(screen.getByRole('button', { name: 'Check connection' }))
    const list = await screen.findByRole('list', { name: 'Connection checks' })
    const items = [...list.querySelectorAll('li')].map((li) => li.textContent)
    expect(items[1]).toMatch(/Paste the organization’s API key in the API key section, above\.$/)
    expect(items[0]).not.toMatch(/API key section/)
  })

  it('the status bar’s Open Settings leads to the proxy’s user name when the proxy paused sending', async () => {
    installCasefileDouble({ connectionSettings: { caFile: null } })
    useStatusStore.setState({
      paused: { reason: 'proxy_auth', message: PROXY_ASKS },
      profiles: {
        active: 'registry',
        profiles: [
          {
            id: 'registry',
            name: 'Registry',
            baseUrl: 'https://registry.bank.example',
            uploadUrl: 'https://files.bank.example',
            ready: true,
          },
        ],
      },
    })
    render(
      <>
        <NetworkPanels />
        <StatusBar />
      </>,
    )
    act(() => screen.getByRole('button', { name: 'Open Settings' }).click())
    expect(document.activeElement?.id).toBe('proxy-username')
  })
})

// @vitest-environment happy-dom
// Issue 39, item 5: the core gives a network refusal's facts beside its neutral sentence, and the
// window words it with its own controls: the status bar's reason, an Outbox row's last error and
// the proxy's sign-in name Settings → Proxy and certificates, and “Choose certificate file…”.
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StatusBar } from '../../src/renderer/src/components/StatusBar'
import { OutboxScreen } from '../../src/renderer/src/features/outbox/OutboxScreen'
import { useOutboxStore } from '../../src/renderer/src/features/outbox/outbox-store'
import { NetworkPanels } from '../../src/renderer/src/features/settings/NetworkPanels'
import { useStatusStore } from '../../src/renderer/src/stores/status-store'
import type { OperationView } from '../../src/shared/contracts/outbox'
import { outboxViewSchema, reachabilityViewSchema } from '../../src/shared/contracts/outbox'
import { describeNetworkRefusal, networkRefusalSchema } from '../../src/shared/network-refusal'
import { installCasefileDouble } from './casefile-double'
import { EMPTY_OUTBOX, operationView } from './outbox-views'
import {
  PROXY_ASKS_REFUSAL as PROXY_ASKS,
  UNTRUSTED_REFUSAL as UNTRUSTED,
} from '../support/network-refusals'
import { useViewerStore } from '../../src/renderer/src/stores/viewer-store'
import { attachmentsContract } from '../../src/shared/contracts/attachments'
import { filesContract } from '../../src/shared/contracts/files'

const CHOOSE_IT =
  "Ask IT for your organization's root certificate and choose it with “Choose certificate file…” in Settings → Proxy and certificates."

/** An item that was tried once and waits for its next try. */
const operation = (patch: Partial<OperationView>): OperationView =>
  operationView({ state: 'waiting_retry', attempts: 1, ...patch })

describe('a network refusal in the window’s words', () => {
  afterEach(() => {
    cleanup()
    useStatusStore.setState({ paused: null, reach: null, profiles: null })
  })

  it('the contract carries the refusal’s facts, and refuses a refusal of another shape', () => {
    expect(networkRefusalSchema.parse(UNTRUSTED)).toEqual(UNTRUSTED)
    expect(networkRefusalSchema.parse(PROXY_ASKS)).toEqual(PROXY_ASKS)
    expect(networkRefusalSchema.safeParse({ ...UNTRUSTED, problem: 'broken' }).success).toBe(false)
    expect(networkRefusalSchema.safeParse({ ...PROXY_ASKS, password: 'x' }).success).toBe(false)
    const reach = { state: 'unreachable', reason: 'r', detail: 'd', at: 1, refusal: UNTRUSTED }
    expect(reachabilityViewSchema.parse(reach)).toEqual(reach)
  })

  it('the status bar’s reason names Choose certificate file… where the certificate is not trusted', async () => {
    const { push } = installCasefileDouble({
      outboxList: EMPTY_OUTBOX,
    })
    useStatusStore.setState({ reach: null, browserOnline: true, pending: 0 })
    const off = useStatusStore.getState().listen()
    render(<StatusBar />)
    await act(async () => {
      push('onlineChanged', {
        online: false,
        state: 'unreachable',
        reason: describeNetworkRefusal(UNTRUSTED),
        detail: 'GET /api/v1/banks: refused by the network (certificate)',
        refusal: UNTRUSTED,
      })
    })
    const title = screen.getByTestId('connection').title
    expect(title).toContain(CHOOSE_IT)
    expect(title).not.toMatch(/connection settings|UNABLE_TO|casefile /)
    off()
  })

  it('an Outbox row’s last error and a paused queue name the window’s controls', async () => {
    const refused = operation({
      lastError: {
        kind: 'offline',
        message: describeNetworkRefusal(UNTRUSTED),
        networkRefusal: UNTRUSTED,
      },
    })
    const paused = {
      reason: 'proxy_auth',
      message: describeNetworkRefusal(PROXY_ASKS),
      since: 1,
      refusal: PROXY_ASKS,
    }
    const list = {
      operations: [refused],
      counts: { waiting_retry: 1 },
      pending: 1,
      pendingReports: 1,
      paused,
      lastSyncAt: null,
    }
    expect(outboxViewSchema.parse(list)).toEqual(list)
    installCasefileDouble({ outboxList: list, outboxHistory: [] })
    useOutboxStore.setState({ message: null })
    await act(async () => {
      render(<OutboxScreen />)
    })
    const row = screen.getByText(/Bank Inspection Root/)
    expect(row.textContent).toContain(CHOOSE_IT)
    expect(row.textContent).not.toMatch(/connection settings/)
    expect(
      screen.getAllByText(
        /proxy\.bank\.local:8080 asks for a user name and password \(Basic\)\. Give them in Settings → Proxy and certificates\./,
      ).length,
    ).toBeGreaterThan(0)
  })

  it('a refused key says where the window takes it, in a paused queue and an Outbox row', async () => {
    const message = 'The registry refused the API key; the queue waits until a valid one is given.'
    const list = {
      operations: [operation({ lastError: { kind: 'unauthorized', message } })],
      counts: { waiting_retry: 1 },
      pending: 1,
      pendingReports: 1,
      paused: { reason: 'unauthorized', message, since: 1 },
      lastSyncAt: null,
    }
    installCasefileDouble({ outboxList: outboxViewSchema.parse(list), outboxHistory: [] })
    useOutboxStore.setState({ message: null })
    await act(async () => {
      render(<OutboxScreen />)
    })
    const where =
      /refused the API key; the queue waits until a valid one is given\. Paste the organization’s API key in Settings, under “API key”\./
    expect(screen.getAllByText(where).length).toBeGreaterThan(1)
    expect(document.body.textContent).not.toMatch(/CASEFILE_API_KEY/)
  })

  it('the proxy’s sign-in says where, and finds the proxy in the window’s words', () => {
    installCasefileDouble({
      connectionSettings: { caFile: null },
      outboxList: { operations: [], counts: {}, pending: 0, paused: null, lastSyncAt: null },
    })
    useStatusStore.setState({
      paused: {
        reason: 'proxy_auth',
        message: describeNetworkRefusal(PROXY_ASKS),
        refusal: PROXY_ASKS,
      },
    })
    render(<NetworkPanels />)
    expect(
      screen.getByRole('heading', { name: 'Sign in to the proxy proxy.bank.local:8080' }),
    ).toBeTruthy()
    expect(
      screen.getByText(/Give them in Settings → Proxy and certificates\. Sending is paused/),
    ).toBeTruthy()
    expect(screen.queryByText(/HTTPS_PROXY/)).toBeNull()
  })

  it('a link’s file the network kept away: the viewer and the saved copy name the window’s control', async () => {
    const refused = {
      ok: false,
      message: describeNetworkRefusal(UNTRUSTED),
      canSave: false,
      refusal: UNTRUSTED,
    }
    const notSaved = { saved: false, fileName: null, message: refused.message, refusal: UNTRUSTED }
    expect(attachmentsContract.attachmentOpen.output.parse(refused)).toEqual(refused)
    expect(filesContract.saveAttachment.output.parse(notSaved)).toEqual(notSaved)
    installCasefileDouble({ attachmentOpen: refused, saveAttachment: notSaved })
    const ref = {
      kind: 'link' as const,
      reportId: 'rep_1',
      url: 'https://files.registry.bank.example/a.pdf',
    }
    await useViewerStore.getState().open(ref, 'a.pdf')
    const state = useViewerStore.getState().state
    expect(state.phase === 'refused' && state.message).toContain(CHOOSE_IT)
    expect(await useViewerStore.getState().save(ref, 'a.pdf')).toContain(
      `a.pdf was not saved: The registry's certificate (registry.bank.example)`,
    )
    expect(await useViewerStore.getState().save(ref, 'a.pdf')).toContain(CHOOSE_IT)
    useViewerStore.getState().close()
  })
})

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import type { OnFileAnswerView } from '../../src/shared/contracts/search'
import {
  bestAnswer,
  ONLINE_DELAY_MS,
  onFileKey,
  useOnFileStore,
} from '../../src/renderer/src/features/editor/on-file-store'
import { installCasefileDouble } from './casefile-double'

const QUERY = { identifier: 'phone' as const, value: '08031234567' }
const match = (id: string, own = false) => ({
  id,
  kind: 'report' as const,
  own,
  fraudType: 'money_mule',
  createdAt: '2026-03-01T09:00:00.000Z',
  organization: own ? null : 'Another bank',
})
const REGISTRY_THEN = [match('r1'), match('r2'), match('r3')]
const answer = (patch: Partial<OnFileAnswerView>): OnFileAnswerView => ({
  ...QUERY,
  source: 'cache',
  asOf: '2026-03-14T09:00:00.000Z',
  reason: null,
  matches: REGISTRY_THEN,
  ...patch,
})
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('"Already on file" after a report is sent', () => {
  let off: () => void = () => {}
  afterEach(() => off())

  it('does not keep the registry’s earlier answer: the report just sent is counted, offline too', async () => {
    let sent = false
    const { api, push } = installCasefileDouble()
    api.onFile.mockImplementation(async ({ online }: { online?: boolean }) => {
      const matches = sent ? [...REGISTRY_THEN, match('mine', true)] : REGISTRY_THEN
      // Online before the send; the registry cannot be reached after it.
      const source = online ? (sent ? 'offline' : 'online') : 'cache'
      return { ok: true, value: { results: [answer({ source, matches })] } }
    })
    useOnFileStore.setState({ entries: {} })
    off = useOnFileStore.getState().listen()
    useOnFileStore.getState().look([QUERY])
    await wait(ONLINE_DELAY_MS + 100)
    const before = bestAnswer(useOnFileStore.getState().entries[onFileKey(QUERY)])
    expect(before?.source).toBe('online')
    expect(before?.matches).toHaveLength(3)

    sent = true
    push('operationChanged', {
      id: 9,
      reportId: 'local-9',
      registryId: 'mine',
      reportTitle: 'Money mule · 0803 123 4567',
      kind: 'create_report',
      state: 'done',
      attempts: 1,
      nextAttemptAt: null,
      outcomeUnknown: false,
      lastError: null,
      updatedAt: 2,
    })
    await wait(ONLINE_DELAY_MS + 300)
    const after = bestAnswer(useOnFileStore.getState().entries[onFileKey(QUERY)])
    expect(after?.matches.map((m) => m.id)).toContain('mine')
    expect(after?.source).toBe('offline')
    expect(after?.asOf).toBe('2026-03-14T09:00:00.000Z')
  })
})

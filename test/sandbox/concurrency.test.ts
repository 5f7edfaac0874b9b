import { describe, expect, it } from 'vitest'
import {
  createReportResponseSchema,
  submissionsResponseSchema,
} from '../../src/shared/domain/responses'
import { account, call, paths, reportBody, reportCount, useSandbox } from './sandbox-harness'

const h = useSandbox()

const CLIENTS = 8
const PER_CLIENT = 25

describe('8 clients creating at once', () => {
  it('store exactly 200 distinct reports: none lost, none doubled', async () => {
    const before = await reportCount(h.sandbox)
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      const ids: string[] = []
      for (let n = 0; n < PER_CLIENT; n++) {
        const result = await call(h.sandbox.baseUrl + paths.create, {
          key: h.sandbox.demoKeys[client % 2]!.key,
          json: reportBody({ identifiers: [account(500_000 + client * 1000 + n)] }),
        })
        expect(result.status).toBe(201)
        ids.push(createReportResponseSchema.parse(result.body).data.id)
      }
      return ids
    })
    const ids = (await Promise.all(clients)).flat()

    expect(ids).toHaveLength(CLIENTS * PER_CLIENT)
    expect(new Set(ids).size).toBe(CLIENTS * PER_CLIENT)
    expect(await reportCount(h.sandbox)).toBe(before + CLIENTS * PER_CLIENT)

    // Each organization's list holds exactly the ids it was given, each account once.
    for (const [index, demo] of h.sandbox.demoKeys.entries()) {
      const listed: string[] = []
      const accounts: string[] = []
      for (let page = 1; ; page++) {
        const result = await call(
          `${h.sandbox.baseUrl}${paths.submissions}?page=${page}&limit=100`,
          {
            key: demo.key,
          },
        )
        const data = submissionsResponseSchema.parse(result.body).data
        listed.push(...data.data.map((r) => r.id))
        accounts.push(...data.data.flatMap((r) => r.identifiers?.map((i) => i.value) ?? []))
        if (data.data.length < 100) break
      }
      const mine = ids.filter((_, i) => Math.floor(i / PER_CLIENT) % 2 === index)
      expect(new Set(listed)).toEqual(new Set(mine))
      expect(new Set(accounts).size).toBe(accounts.length)
    }
  })
})

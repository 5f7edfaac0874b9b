// Answers no registry gives: far too large, or nested without end. Each is refused as an answer
// Casefile does not read, quickly and in bounded memory (issue 26, item 7).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_RESPONSE_BYTES } from '../../../src/core/registry/registry-answer'
import { createRegistryClient } from '../../../src/core/registry/registry-client'
import { nestsDeeperThan } from '../../../src/core/registry/json-depth'
import type { RegistryError } from '../../../src/core/registry-error'

let server: Server
let answer: () => string
let baseUrl = ''

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume()
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(answer())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const client = () =>
  createRegistryClient({ baseUrl, uploadUrl: baseUrl }, { getApiKey: () => 'sbx_test_key_0000' })

async function refusal(call: Promise<unknown>): Promise<RegistryError> {
  try {
    await call
  } catch (error) {
    return error as RegistryError
  }
  throw new Error('the call should have been refused')
}

describe('answers no registry gives', () => {
  it('refuses an answer larger than the cap unread, as an unknown outcome to check', async () => {
    answer = () => `{"success":true,"data":"${'x'.repeat(MAX_RESPONSE_BYTES + 1024)}"}`
    const error = await refusal(client().listBanks())
    expect(error.kind).toBe('unexpected_response')
    expect(error.message).toMatch(/larger than 8 MiB/)
    expect(error.outcomeUnknown).toBe(true)
  })

  it('refuses an answer nested far deeper than any real one before parsing it', async () => {
    answer = () => '['.repeat(4 * 1024 * 1024)
    const error = await refusal(
      client().searchReports({ identifier: 'phone', value: '08031234567' }),
    )
    expect(error.kind).toBe('unexpected_response')
    expect(error.message).toMatch(/nests more than 32 levels deep/)
  })

  it('measures depth outside strings only', () => {
    expect(nestsDeeperThan('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', 4)).toBe(false)
    expect(nestsDeeperThan('{"a":"\\"[[[[[[[[[["}', 2)).toBe(false)
    expect(nestsDeeperThan('[[[[[]]]]]', 4)).toBe(true)
    expect(nestsDeeperThan('{"data":{"data":[{"identifiers":[{"label":"phone"}]}]}}', 6)).toBe(
      false,
    )
  })
})

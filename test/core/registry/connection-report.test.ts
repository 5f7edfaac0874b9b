import { describe, expect, it } from 'vitest'
import { RegistryError } from '../../../src/core/registry-error'
import { errorWords, fixOf } from '../../../src/core/registry/connection-report'
import { CLI_FIXES } from '../../../src/cli/network-words'

/* A failed step of the connection check: its words in a front's fixes, and the fix it names. */

const refusedKey = new RegistryError({
  kind: 'unauthorized',
  message: 'The registry refused the API key; the queue waits until a valid one is given.',
  endpoint: 'GET /api/v1/external/reports/mine',
  status: 401,
  outcomeUnknown: false,
})

describe('the connection check’s key step', () => {
  it('names the key as the fix of a refused key, for the window’s own control', () => {
    expect(fixOf(refusedKey)).toEqual({ fix: 'api_key' })
    expect(fixOf(new RegistryError({ ...refusedKey, kind: 'server', message: 'x' }))).toEqual({})
  })

  it('says where the key is given in the front’s words, and in none by default', () => {
    expect(errorWords(refusedKey, CLI_FIXES)).toBe(
      "The registry refused the API key; the queue waits until a valid one is given. Set the key in CASEFILE_API_KEY or in the app's Settings.",
    )
    expect(errorWords(refusedKey)).toMatch(
      /Give the organization's API key where Casefile takes it/,
    )
    expect(errorWords(refusedKey)).not.toMatch(/Settings →|casefile /)
  })
})

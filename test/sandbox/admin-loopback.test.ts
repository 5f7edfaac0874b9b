import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { SandboxError } from '../../src/sandbox/envelope'
import { isLoopbackAddress } from '../../src/sandbox/loopback'
import { assertLoopback } from '../../src/sandbox/routes/admin-routes'

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '[::1]'])(
    '%s is this machine',
    (address) => expect(isLoopbackAddress(address)).toBe(true),
  )

  it.each([
    '10.0.0.5',
    '192.168.1.20',
    '0.0.0.0',
    '128.0.0.1',
    '::ffff:10.0.0.5',
    '::',
    '::2',
    'fe80::1',
    '2001:db8::1',
    'localhost',
    '127.0.0.1.evil.example',
    '',
    undefined,
  ])('%s is not', (address) => expect(isLoopbackAddress(address)).toBe(false))
})

describe('assertLoopback', () => {
  const request = (remoteAddress: string | undefined) =>
    ({ socket: { remoteAddress } }) as unknown as FastifyRequest

  it('lets a loopback caller through', () => {
    expect(() => assertLoopback(request('127.0.0.1'))).not.toThrow()
    expect(() => assertLoopback(request('::1'))).not.toThrow()
  })

  it('refuses any other caller with 403 naming the address', () => {
    let refusal: unknown
    try {
      assertLoopback(request('192.168.1.20'))
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(SandboxError)
    expect((refusal as SandboxError).statusCode).toBe(403)
    expect((refusal as SandboxError).message).toMatch(/only to this machine.*192\.168\.1\.20/)
  })
})

import type { ScryptParams } from '../../src/core/encryption/key-transfer'

/**
 * scrypt for the key exports tests make: 1 MiB and a few milliseconds, where the production cost
 * (EXPORT_SCRYPT, 512 MiB) is a second and a half or more of one core each. An import runs with
 * the parameters in the file, so what a test exports this way also imports at this cost. One test
 * (test/core/encryption/key-transfer.test.ts, "exports with N=2^19") keeps the production cost.
 */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 }

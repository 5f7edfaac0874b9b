import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  attachmentKeys,
  CHUNK_BYTES,
  decryptAttachment,
  encryptAttachment,
  encryptedFileName,
} from '../../../src/core/drafts/attachment-cipher'

const keys = attachmentKeys(randomBytes(32))

describe('sealed attachments', () => {
  it.each([0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 17])(
    'round-trip %i bytes, and hold none of them in the clear',
    (size) => {
      const plain = Buffer.alloc(size, 'SUSPECT-ACCOUNT ')
      const sealed = encryptAttachment(keys, plain)
      expect(decryptAttachment(keys, sealed)).toEqual(plain)
      if (size >= 16) expect(sealed.includes(Buffer.from('SUSPECT-ACCOUNT'))).toBe(false)
    },
  )

  it('refuse a changed byte, a cut-off end, swapped chunks and another folder\u2019s key', () => {
    const plain = randomBytes(2 * CHUNK_BYTES + 100)
    const sealed = encryptAttachment(keys, plain)
    const flipped = Buffer.from(sealed)
    flipped[40] = flipped[40]! ^ 1
    expect(() => decryptAttachment(keys, flipped)).toThrow(/damaged or changed/)
    // Cut after the second chunk: the new last chunk was not sealed as the last one.
    const header = 20
    const sealedChunk = CHUNK_BYTES + 16
    expect(() => decryptAttachment(keys, sealed.subarray(0, header + 2 * sealedChunk))).toThrow()
    const swapped = Buffer.concat([
      sealed.subarray(0, header),
      sealed.subarray(header + sealedChunk, header + 2 * sealedChunk),
      sealed.subarray(header, header + sealedChunk),
      sealed.subarray(header + 2 * sealedChunk),
    ])
    expect(() => decryptAttachment(keys, swapped)).toThrow()
    expect(() => decryptAttachment(attachmentKeys(randomBytes(32)), sealed)).toThrow()
  })

  it('are named by a keyed hash, so the name does not tell which file it is', () => {
    const sha = 'a'.repeat(64)
    expect(encryptedFileName(keys, sha)).toMatch(/^[0-9a-f]{64}$/)
    expect(encryptedFileName(keys, sha)).not.toBe(sha)
    expect(encryptedFileName(attachmentKeys(randomBytes(32)), sha)).not.toBe(
      encryptedFileName(keys, sha),
    )
  })
})

import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Attachments at rest: AES-256-GCM in 64 KiB chunks, under a key derived from the data
 * folder's key, so a copied disk shows no evidence file's bytes.
 *
 * File layout: "CFA1" · chunk size (u32 BE) · base nonce (12 bytes), then per chunk its
 * ciphertext and 16-byte tag. Chunk i's nonce is the base nonce with i added to its last four
 * bytes, and its additional data is the header plus i and whether it is the last chunk, so
 * chunks cannot be reordered, dropped or the file cut short without the check failing.
 */
const MAGIC = Buffer.from('CFA1', 'ascii')
const HEADER_BYTES = MAGIC.length + 4 + 12
const TAG_BYTES = 16
export const CHUNK_BYTES = 64 * 1024

export interface AttachmentKeys {
  /** Encrypts the files' contents. */
  content: Buffer
  /** Names the files: an HMAC of the content hash, so a file's name does not tell what it is. */
  names: Buffer
}

export function attachmentKeys(folderKey: Buffer): AttachmentKeys {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', folderKey, Buffer.alloc(0), info, 32))
  return {
    content: derive('casefile attachments content v1'),
    names: derive('casefile attachments names v1'),
  }
}

export function encryptedFileName(keys: AttachmentKeys, sha256: string): string {
  return createHmac('sha256', keys.names).update(sha256).digest('hex')
}

export function isEncryptedAttachment(head: Uint8Array): boolean {
  return head.length >= MAGIC.length && MAGIC.equals(Buffer.from(head.subarray(0, MAGIC.length)))
}

function chunkNonce(base: Buffer, index: number): Buffer {
  const nonce = Buffer.from(base)
  nonce.writeUInt32BE((nonce.readUInt32BE(8) + index) >>> 0, 8)
  return nonce
}

function chunkAad(header: Buffer, index: number, last: boolean): Buffer {
  const aad = Buffer.alloc(header.length + 5)
  header.copy(aad)
  aad.writeUInt32BE(index, header.length)
  aad[header.length + 4] = last ? 1 : 0
  return aad
}

export function encryptAttachment(keys: AttachmentKeys, plain: Uint8Array): Buffer {
  const header = Buffer.alloc(HEADER_BYTES)
  MAGIC.copy(header)
  header.writeUInt32BE(CHUNK_BYTES, MAGIC.length)
  const base = randomBytes(12)
  base.copy(header, MAGIC.length + 4)
  const parts: Buffer[] = [header]
  const chunks = Math.max(1, Math.ceil(plain.length / CHUNK_BYTES))
  for (let i = 0; i < chunks; i++) {
    const cipher = createCipheriv('aes-256-gcm', keys.content, chunkNonce(base, i))
    cipher.setAAD(chunkAad(header, i, i === chunks - 1))
    parts.push(cipher.update(plain.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES)))
    parts.push(cipher.final(), cipher.getAuthTag())
  }
  return Buffer.concat(parts)
}

export class AttachmentIntegrityError extends Error {}

export function decryptAttachment(keys: AttachmentKeys, sealed: Uint8Array): Buffer {
  const data = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength)
  if (data.length < HEADER_BYTES + TAG_BYTES || !isEncryptedAttachment(data))
    throw new AttachmentIntegrityError('This is not an encrypted Casefile attachment.')
  const header = data.subarray(0, HEADER_BYTES)
  const chunkBytes = header.readUInt32BE(MAGIC.length)
  const base = header.subarray(MAGIC.length + 4, HEADER_BYTES)
  const body = data.subarray(HEADER_BYTES)
  const sealedChunk = chunkBytes + TAG_BYTES
  const chunks = Math.max(1, Math.ceil(body.length / sealedChunk))
  const parts: Buffer[] = []
  for (let i = 0; i < chunks; i++) {
    const piece = body.subarray(i * sealedChunk, (i + 1) * sealedChunk)
    if (piece.length < TAG_BYTES) throw new AttachmentIntegrityError('The attachment is cut short.')
    const decipher = createDecipheriv('aes-256-gcm', keys.content, chunkNonce(Buffer.from(base), i))
    decipher.setAAD(chunkAad(Buffer.from(header), i, i === chunks - 1))
    decipher.setAuthTag(piece.subarray(piece.length - TAG_BYTES))
    try {
      parts.push(decipher.update(piece.subarray(0, piece.length - TAG_BYTES)), decipher.final())
    } catch {
      throw new AttachmentIntegrityError(
        'The attachment does not decrypt with this folder\u2019s key: it was damaged or changed.',
      )
    }
  }
  return Buffer.concat(parts)
}

import { existsSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import {
  decryptAttachment,
  encryptAttachment,
  encryptedFileName,
  type AttachmentKeys,
} from '../encryption/attachment-cipher'
import { ensurePrivateDir, writePrivateFile } from '../private-files'

/**
 * The copies of attachments a data folder keeps (the user's own files stay where they are),
 * one file per content hash. In an encrypted folder each is sealed with the folder's
 * attachment key and named by an HMAC of its hash; `keys: null` is the plain layout, kept for
 * tests and for reading a folder that has not been migrated yet.
 */
export class AttachmentFiles {
  constructor(
    readonly dir: string,
    private readonly keys: AttachmentKeys | null,
  ) {}

  get encrypted(): boolean {
    return this.keys !== null
  }

  pathOf(sha256: string): string {
    return join(this.dir, this.keys ? encryptedFileName(this.keys, sha256) : sha256)
  }

  has(sha256: string): boolean {
    return existsSync(this.pathOf(sha256))
  }

  /** Writes the copy once (same content, same file), atomically, private to the user. */
  write(sha256: string, bytes: Uint8Array): void {
    const target = this.pathOf(sha256)
    if (existsSync(target)) return
    ensurePrivateDir(this.dir)
    const temp = `${target}.${process.pid}.tmp`
    writePrivateFile(temp, this.keys ? encryptAttachment(this.keys, bytes) : bytes)
    renameSync(temp, target)
  }

  /** The attachment's bytes, decrypted and checked; only while it is being sent. */
  read(sha256: string): Buffer {
    const stored = readFileSync(this.pathOf(sha256))
    return this.keys ? decryptAttachment(this.keys, stored) : stored
  }
}

import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  decryptAttachment,
  encryptAttachment,
  encryptedFileName,
  type AttachmentKeys,
} from './attachment-cipher'
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

  /** Copies written by the `undoable` work in progress, removed again if it fails. */
  private written: string[] | null = null

  get encrypted(): boolean {
    return this.keys !== null
  }

  pathOf(sha256: string): string {
    return join(this.dir, this.keys ? encryptedFileName(this.keys, sha256) : sha256)
  }

  has(sha256: string): boolean {
    return existsSync(this.pathOf(sha256))
  }

  /**
   * Writes the copy once (same content, same file), atomically, private to the user: a write
   * that fails (a full disk) leaves no part of it behind.
   */
  write(sha256: string, bytes: Uint8Array): void {
    const target = this.pathOf(sha256)
    if (existsSync(target)) return
    ensurePrivateDir(this.dir)
    const temp = `${target}.${process.pid}.tmp`
    try {
      writePrivateFile(temp, this.keys ? encryptAttachment(this.keys, bytes) : bytes)
      renameSync(temp, target)
    } catch (error) {
      rmSync(temp, { force: true })
      throw error
    }
    this.written?.push(target)
  }

  /**
   * Runs `work` (a transaction that records attachments): the copies it wrote are removed again
   * if it throws, since no row refers to them then. A copy that was there before is never
   * removed: `write` leaves it as it is. Synchronous, as a transaction is, so nothing else
   * writes a copy meanwhile.
   */
  undoable<T>(work: () => T): T {
    const outer = this.written
    const mine: string[] = []
    this.written = mine
    try {
      const result = work()
      outer?.push(...mine)
      return result
    } catch (error) {
      for (const path of mine) rmSync(path, { force: true })
      throw error
    } finally {
      this.written = outer
    }
  }

  /**
   * The attachment's bytes, decrypted and checked; only while it is being sent. Checked against
   * the hash it was kept under, not only the seal: two sealed copies swapped on disk each decrypt
   * whole, and each report would go out with the other's evidence.
   */
  read(sha256: string): Buffer {
    const stored = readFileSync(this.pathOf(sha256))
    const bytes = this.keys ? decryptAttachment(this.keys, stored) : stored
    if (createHash('sha256').update(bytes).digest('hex') !== sha256.toLowerCase())
      throw new AttachmentMismatchError()
    return bytes
  }
}

/** A kept copy whose content is not the file that was attached: changed or swapped on disk. */
export class AttachmentMismatchError extends Error {
  constructor() {
    super('The kept copy of this attachment is not the file that was attached.')
    this.name = 'AttachmentMismatchError'
  }
}

// A disk that fills up, for the tests of what Casefile does then. Two real mechanisms, the
// kernel refusing the writes in both:
// - tmpfs (as root, here and in CI): a small tmpfs mounted on a temp folder. Filled, writes fail
//   with ENOSPC exactly as on a laptop whose disk is full. The one used whenever mounting works.
// - rlimit (elsewhere): the kernel's limit on file sizes (RLIMIT_FSIZE, `prlimit --fsize`) on
//   the child process that runs `casefile`: a write past the limit fails with EFBIG (SQLite says
//   "database or disk is full" or a disk I/O error), as under `ulimit -f`.
// CASEFILE_TEST_SMALL_DISK=rlimit forces the second, to try it where the first works.
import { execFileSync, spawnSync } from 'node:child_process'
import {
  closeSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  statfsSync,
  writeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface SmallDisk {
  /** An empty folder on the disk. */
  dir: string
  mechanism: 'tmpfs' | 'rlimit'
  /**
   * Leaves about `leaveBytes` to write (0: nothing). tmpfs: a filler file takes the rest. rlimit:
   * the runs to come may write files up to the largest one in `folder` now plus `leaveBytes`.
   */
  fill(leaveBytes?: number, folder?: string): void
  /** Gives the space back. */
  unfill(): void
  /** The command line that runs `command args` with the disk as filled (prlimit in the fallback). */
  wrap(command: string, args: readonly string[]): [string, string[]]
  dispose(): void
}

const FILLER = '.filler'

function canMount(dir: string, bytes: number): boolean {
  if (process.env['CASEFILE_TEST_SMALL_DISK'] === 'rlimit') return false
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir])
  return mounted.status === 0
}

function largestFile(dir: string): number {
  let largest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    largest = Math.max(largest, statSync(join(entry.parentPath, entry.name)).size)
  }
  return largest
}

/** A disk of `bytes` (tmpfs), or a folder whose runs get a file-size limit (rlimit). */
export function smallDisk(bytes = 32 * 1024 * 1024): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-small-disk-'))
  if (canMount(dir, bytes)) {
    const filler = join(dir, FILLER)
    return {
      dir,
      mechanism: 'tmpfs',
      fill(leaveBytes = 0) {
        rmSync(filler, { force: true })
        const fd = openSync(filler, 'w')
        const chunk = Buffer.alloc(64 * 1024, 0x5a)
        try {
          for (;;) {
            const { bavail, bsize } = statfsSync(dir)
            const room = bavail * bsize - leaveBytes
            if (room <= 0) break
            writeSync(fd, chunk, 0, Math.min(chunk.length, room))
          }
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
        } finally {
          closeSync(fd)
        }
      },
      unfill() {
        rmSync(filler, { force: true })
      },
      wrap: (command, args) => [command, [...args]],
      dispose() {
        execFileSync('umount', ['-l', dir])
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  let limit: number | null = null
  return {
    dir,
    mechanism: 'rlimit',
    fill(leaveBytes = 0, folder = dir) {
      limit = leaveBytes === 0 ? 0 : largestFile(folder) + leaveBytes
    },
    unfill() {
      limit = null
    },
    wrap: (command, args) =>
      limit === null
        ? [command, [...args]]
        : ['prlimit', [`--fsize=${limit}`, '--', command, ...args]],
    dispose() {
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

import type { UnwrittenReason } from '../../shared/contracts/case-export'

/*
 * Why a file chosen in main's save dialog is not there, in the words the window shows: main
 * words it, whether main wrote the file (writeReplacing) or the core did (a case's zip, which
 * answers with a code: case-export.ts). No path, no system code: the name chosen, and what to do.
 */

/** The words for a file not written, named as it was chosen (its name only). */
export function unwrittenSaid(fileName: string, reason: UnwrittenReason): string {
  switch (reason) {
    case 'permission_denied':
      return `${fileName} cannot be written there: permission denied. Choose a folder you can write to.`
    case 'disk_full':
      return `${fileName} cannot be written: the disk is full. Make room, or choose another disk.`
    case 'folder_missing':
      return `${fileName} cannot be written: the folder chosen is no longer there. Choose another.`
    case 'not_a_file':
      return `${fileName} cannot be written there: a folder of that name is in the way. Choose another name.`
    case 'failed':
      return `${fileName} could not be written there. Try again, or choose another folder.`
  }
}

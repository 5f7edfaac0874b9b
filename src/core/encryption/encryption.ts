/**
 * The front door of src/core/encryption: all that code outside this folder may import
 * of it (docs/architecture.md, "Front doors"; enforced by eslint's front-doors rule).
 */

export {
  DB_KEY_ENV,
  FolderKeyError,
  defaultFolderKeySource,
  readFolderIdentity,
} from './folder-key'
export type { FolderKeySource } from './folder-key'
export { exportFolderKey } from './key-transfer'
export type { ScryptParams } from './key-transfer'
export { HOW_TO_CHOOSE, passphraseProblem } from './passphrase-strength'
export { databaseState } from './migrate-folder'
export { openDataFolder } from './open-data-folder'
export { importKeyForFolder, setAsideTarget, setFolderAside } from './folder-recovery'

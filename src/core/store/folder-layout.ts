/** What a data folder holds: the database and the kept copies of attachments. */
export const DATABASE_FILE = 'casefile.db'
export const ATTACHMENTS_DIR = 'attachments'
/** The folder's identity (src/core/encryption/folder-key.ts) and the schema it records. */
export const FOLDER_FILE = 'casefile-folder.json'
/** An identity is a few dozen bytes; anything near this is not one. */
export const FOLDER_FILE_MAX_BYTES = 64 * 1024

/** What a data folder holds: the database and the kept copies of attachments. */
export const DATABASE_FILE = 'casefile.db'
export const ATTACHMENTS_DIR = 'attachments'

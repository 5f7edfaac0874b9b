/**
 * The database schema this Casefile knows (the last migration's number): a folder recording a
 * higher one is a newer Casefile's (src/core/encryption/folder-key.ts). Kept in step with
 * MIGRATIONS (test/core/store checks it), and apart from it so reading a folder's identity does
 * not load every migration.
 */
export const LATEST_SCHEMA = 17

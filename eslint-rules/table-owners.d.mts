// Types of table-owners.mjs, for the tests that read it (test/lint/table-owners.test.ts).
export declare const TABLE_OWNERS: Record<string, string>
export declare const JOINED_READS: Record<string, { tables: string[]; why: string }>
export declare const SCHEMA_FILES: string[]

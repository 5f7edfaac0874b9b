// Types of core-folder.mjs, for the tests that use it (test/architecture/one-name-per-operation.test.ts).
export declare function coreFolderOf(coreDir: string, file: string): string | null
export declare function frontFileOf(coreDir: string, folder: string): string

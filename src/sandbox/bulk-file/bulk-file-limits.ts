/*
 * What the sandbox registry reads from one bulk file (src/sandbox/README.md, "Bulk upload").
 * The file comes from anyone holding a key, so every dimension that costs memory or time has a
 * bound, checked before or while it is read.
 */

export const MAX_BULK_BYTES = 5 * 1024 * 1024
/** Reports in one file: rows below the header that hold something (empty rows are skipped). */
export const MAX_BULK_DATA_ROWS = 1000
/** Columns that hold a value; empty cells further right cost nothing and are passed over. */
export const MAX_BULK_COLUMNS = 100
/** Characters in one cell: Excel's own limit, so no cell written by Excel is refused. */
export const MAX_CELL_CHARS = 32_767

/** Parts listed in an XLSX's zip directory (a workbook has a few dozen). */
export const MAX_ZIP_ENTRIES = 1000
/** Unpacked sizes of the parts read: the sheet, the shared strings, and the small ones. */
export const MAX_SHEET_PART_BYTES = 32 * 1024 * 1024
export const MAX_SHARED_STRINGS_BYTES = 16 * 1024 * 1024
export const MAX_SMALL_PART_BYTES = 4 * 1024 * 1024
/**
 * Unpacked ÷ packed size of a part above RATIO_GRACE_BYTES. Sheets of text pack 5-30 times;
 * beyond 100 a part is mostly repetition, which is how zip bombs are built.
 */
export const MAX_COMPRESSION_RATIO = 100
export const RATIO_GRACE_BYTES = 1024 * 1024

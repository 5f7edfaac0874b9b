/**
 * Hard limits on what a spreadsheet may hold. A bulk file comes from outside (a colleague, a
 * bank's export, an attacker), so every dimension that costs memory or time is bounded before
 * or while it is read, never after.
 */
export interface TableLimits {
  /** Size of the file on disk. */
  maxFileBytes: number
  /** Rows in the file, the header included. */
  maxRows: number
  /** Columns that may hold a value (empty cells further right are ignored). */
  maxColumns: number
  /** Characters in one cell (Excel itself stops at 32,767). */
  maxCellChars: number
  /** Unpacked size of any one part of an XLSX zip that is read (sheet, shared strings, styles). */
  maxEntryBytes: number
  /** Unpacked size of the shared strings part, which is held in memory while the sheet is read. */
  maxSharedStringsBytes: number
  /** Unpacked size ÷ packed size of a zip part larger than ZIP_RATIO_GRACE_BYTES. */
  maxCompressionRatio: number
  /** Parts in the XLSX zip (a workbook has a few dozen; millions only serve to exhaust memory). */
  maxZipEntries: number
}

export const DEFAULT_TABLE_LIMITS: Readonly<TableLimits> = Object.freeze({
  maxFileBytes: 100 * 1024 * 1024,
  maxRows: 100_001,
  maxColumns: 256,
  maxCellChars: 32_767,
  maxEntryBytes: 256 * 1024 * 1024,
  maxSharedStringsBytes: 64 * 1024 * 1024,
  // Real sheets pack 5–30×, repetitive ones up to ~100×; deflate bombs reach ~1000×.
  maxCompressionRatio: 200,
  maxZipEntries: 10_000,
})

/** Small parts (styles, a short sheet) may pack far tighter than big ones without harm. */
export const ZIP_RATIO_GRACE_BYTES = 1024 * 1024

/** Distinct texts in a workbook: 100,000 rows of 23 columns have at most 2.3 million. */
export const MAX_SHARED_STRINGS = 5_000_000

export function resolveLimits(limits?: Partial<TableLimits>): TableLimits {
  const merged: TableLimits = { ...DEFAULT_TABLE_LIMITS }
  if (limits) {
    for (const key of Object.keys(DEFAULT_TABLE_LIMITS) as (keyof TableLimits)[]) {
      const value = limits[key]
      if (value !== undefined) {
        if (!(Number.isFinite(value) && value > 0))
          throw new RangeError(`Table limit ${key} must be a positive number, not ${value}.`)
        merged[key] = value
      }
    }
  }
  return merged
}

/**
 * How far down a sheet its header row is looked for when row 1 does not hold it (title rows
 * above the header), to say which row does.
 */
export const HEADER_SEARCH_ROWS = 20

/**
 * Sheets of a workbook whose first rows are looked at to find the one with the header, and how
 * much of each sheet's text is read for it: the search costs at most 20 × 4 MB of unpacking,
 * whatever the workbook holds (a header row takes a few hundred bytes).
 */
export const MAX_SHEETS_SEARCHED = 20
export const HEADER_SEARCH_CHARS = 4 * 1024 * 1024

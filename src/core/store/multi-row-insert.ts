/**
 * An INSERT of `rows` rows at once (`columns` ends with VALUES, `values` is one row's
 * placeholders): one statement step for many rows, in the order given. Each text is made once
 * and kept, so a cached statement (prepare.ts) is found again for it.
 */
const made = new Map<string, string>()
export function multiRowInsert(columns: string, values: string, rows: number): string {
  const key = `${rows}${columns}`
  let sql = made.get(key)
  if (!sql) {
    sql = columns + Array.from({ length: rows }, () => values).join(', ')
    made.set(key, sql)
  }
  return sql
}

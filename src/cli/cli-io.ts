/** Where the CLI writes, so tests can read it. */
export interface CliIo {
  out(line: string): void
  err(line: string): void
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}

/** --json output: one JSON document, stable field names (README.md lists them). */
export function printJson(io: CliIo, value: unknown): void {
  io.out(JSON.stringify(value, null, 2))
}

/** A plain table: columns padded to their widest cell. */
export function printTable(io: CliIo, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd()
  io.out(line(header))
  for (const row of rows) io.out(line(row))
}
